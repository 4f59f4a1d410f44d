"""The two screens the browser tests open a person's own browser on: a desktop and a phone
(touch, mobile layout), both with motion reduced and a patient default timeout."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, ViewportSize

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


def desktop(browser: Browser) -> BrowserContext:
    made = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    made.set_default_timeout(15_000)
    return made


def phone(browser: Browser) -> BrowserContext:
    made = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    made.set_default_timeout(15_000)
    return made
