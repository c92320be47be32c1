"""The ``[tool.templating]`` table check: every key's type and choices, with the key named."""

import pytest

from templating.dialects import DIALECT_NAMES, PORT_NAMES
from templating.lint.config import ConfigError, find_config
from templating.lint.config_table import KEYS, TableError, validate_table


@pytest.mark.parametrize(
    ("table", "key", "problem"),
    [
        (
            {"dialect": "jinja"},
            "dialect",
            f"expected one of {', '.join(f'`{name}`' for name in DIALECT_NAMES)}, got `jinja`",
        ),
        ({"select": "TPL001"}, "select", "expected a list of strings, got a string"),
        ({"ignore": ["TPL001", 2]}, "ignore", "expected a list of strings, got an array"),
        ({"per-file-ignores": {"tests/*": "TPL001"}}, "per-file-ignores", "expected a table of globs"),
        ({"fail-level": 1}, "fail-level", "expected a string, got an integer"),
        (
            {"target-ports": ["python", "ruby"]},
            "target-ports",
            f"expected one of {', '.join(f'`{name}`' for name in PORT_NAMES)}, got `ruby`",
        ),
        ({"force-exclude": "yes"}, "force-exclude", "expected true or false, got a string"),
        ({"docs-url": "docs/"}, "docs-url", "expected an absolute http:// or https:// URL, got `docs/`"),
        ({"adk-version": 2.13}, "adk-version", "expected a string, got a number"),
        ({"untrusted": {"page": "html"}}, "untrusted", "expected one of `data`, `json`, got `html`"),
        ({"untrusted": ["page"]}, "untrusted", "expected a table of globs to strings, got an array"),
        ({"untrusted-max-chars": {"page": 0}}, "untrusted-max-chars", "expected a table of globs to positive integers"),
    ],
)
def test_invalid_value_names_the_key_and_the_problem(table, key, problem):
    with pytest.raises(TableError) as raised:
        validate_table(table)
    assert raised.value.key == key and raised.value.problem.startswith(problem)


def test_unknown_key_has_no_problem_text():
    with pytest.raises(TableError) as raised:
        validate_table({"selekt": ["TPL001"]})
    assert raised.value.key == "selekt" and raised.value.problem is None


def test_valid_table_fills_the_fields_under_either_spelling():
    values = validate_table(
        {"dialect": "strict", "per_file_ignores": {"a/*": ["TPL001"]}, "fail-level": "error", "force-exclude": True}
    )
    assert values == {
        "dialect": "strict",
        "per_file_ignores": {"a/*": ["TPL001"]},
        "fail_level": "error",
        "force_exclude": True,
    }


def test_every_key_fills_a_config_field():
    from dataclasses import fields

    from templating.lint.config import ToolConfig

    assert [key.field for key in KEYS] == [field.name for field in fields(ToolConfig)]


def test_config_error_reads_as_before(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\ndialect = "jinja"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        find_config(tmp_path)
    assert str(raised.value) == (
        f"{tmp_path.resolve() / 'pyproject.toml'}: invalid value for `dialect` in [tool.templating]: "
        f"expected one of {', '.join(f'`{name}`' for name in DIALECT_NAMES)}, got `jinja`"
    )


def test_untrusted_keys_become_the_settings_policy(tmp_path):
    from templating.lint.config import build_settings

    (tmp_path / "pyproject.toml").write_text(
        '[tool.templating]\nuntrusted = { "page*" = "json" }\nuntrusted-max-chars = { "page" = 10 }\n'
    )
    config, root = find_config(tmp_path)
    policy = build_settings(config, root).policy
    assert policy is not None and policy.untrusted == (("page*", "json"),) and policy.max_chars == (("page", 10),)
