"""The settings page documents every key of `[tool.templating]`, and only those."""

import re
from pathlib import Path

from templating.lint.config_table import KEYS

SETTINGS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "settings.md"


def _documented_keys():
    return re.findall(r"^### `([a-z-]+)`$", SETTINGS_PAGE.read_text(encoding="utf-8"), flags=re.MULTILINE)


def _table_keys():
    return [key.name for key in KEYS]


def test_settings_page_documents_every_key_in_table_order():
    assert _documented_keys() == _table_keys()


def test_settings_page_gives_type_default_and_example_for_every_key():
    sections = re.split(r"^### ", SETTINGS_PAGE.read_text(encoding="utf-8"), flags=re.MULTILINE)[1:]
    for section in sections:
        assert "**Type**" in section and "**Default**" in section and "```toml" in section, section[:40]
