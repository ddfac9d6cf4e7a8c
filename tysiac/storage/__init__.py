"""Storage of the web site: the only package that speaks SQL (SQLAlchemy 2, Alembic)."""

from . import sheets
from .store import Fenced, Store, TableRow, User, default_url

__all__ = ["Fenced", "Store", "TableRow", "User", "default_url", "sheets"]
