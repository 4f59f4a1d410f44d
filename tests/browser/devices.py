"""The two screens the browser tests open a person's own browser on: a desktop and a phone
(touch, mobile layout), both with motion reduced and a patient default timeout; and
:class:`People`, several people each on their own screen (the ``people`` fixture)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

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


Screen = Callable[[Browser], BrowserContext]


def watch_errors(page: Page) -> list[str]:
    """The page's uncaught errors, as they come."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


class People:
    """Several people, each in a browser of their own (their own cookies) on their own screen:
    ``ann, bob = people(desktop, phone)``; ``errors`` gathers every page's uncaught errors,
    and the fixture closes the browsers after the test."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def __call__(self, *screens: Screen) -> list[Page]:
        pages = []
        for screen in screens:
            context = screen(self.browser)
            self.contexts.append(context)
            page = context.new_page()
            page.on("pageerror", lambda error: self.errors.append(str(error)))
            pages.append(page)
        return pages

    def close(self) -> None:
        for context in self.contexts:
            context.close()
