"""``cpsolve serve``: the web page and the HTTP API (docs/http-api.md) on Starlette and uvicorn."""

from .app import create_app
from .validate import Limits

__all__ = ["Limits", "create_app"]
