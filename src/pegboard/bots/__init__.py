"""Bots that play through the same views and actions as people."""

from pegboard.bots.base import Bot
from pegboard.bots.registry import bot_names, make, register_bot

__all__ = ["Bot", "bot_names", "make", "register_bot"]
