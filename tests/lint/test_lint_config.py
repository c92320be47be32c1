"""Reading [tool.templating] from pyproject.toml, and state schemas."""

import json

import pytest

from templating.lint.config import ConfigError, build_settings, find_config, load_state_keys
from templating.lint.rule import Severity


def _write(folder, body: str):
    (folder / "pyproject.toml").write_text(body)


def test_config_found_by_walking_up(tmp_path):
    _write(
        tmp_path, '[tool.templating]\ndialect = "adk"\nselect = ["TPL001", "silent-literal"]\nfail-level = "error"\n'
    )
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    config, root = find_config(nested)
    settings = build_settings(config, root)
    assert root == tmp_path.resolve()
    assert settings.enabled == {"TPL001", "TPL005"}
    assert settings.fail_level is Severity.ERROR


def test_config_pyproject_without_table_is_skipped(tmp_path):
    _write(tmp_path, "[project]\nname = 'x'\n")
    config, root = find_config(tmp_path)
    assert config.select is None and root == tmp_path.resolve()


def test_config_unknown_key_names_the_key(tmp_path):
    _write(tmp_path, "[tool.templating]\nselekt = []\n")
    with pytest.raises(ConfigError, match="unknown key `selekt`"):
        find_config(tmp_path)


def test_config_unknown_rule_is_an_error(tmp_path):
    config, root = find_config(tmp_path)
    with pytest.raises(ConfigError, match="unknown rule `TPL999`"):
        build_settings(config, root, select=["TPL999"])


def test_config_command_line_wins_and_ignore_adds(tmp_path):
    _write(tmp_path, '[tool.templating]\nselect = ["TPL001"]\nignore = ["TPL002"]\n')
    config, root = find_config(tmp_path)
    settings = build_settings(config, root, select=["TPL00"], ignore=["TPL003"])
    assert "TPL001" in settings.enabled and not {"TPL002", "TPL003", "TPL013"} & settings.enabled


def test_config_state_file_relative_to_config(tmp_path):
    _write(tmp_path, '[tool.templating]\nstate = "state.json"\n')
    (tmp_path / "state.json").write_text(json.dumps({"user_name": "Ada"}))
    config, root = find_config(tmp_path)
    assert build_settings(config, root).known_keys == {"user_name"}


def test_config_state_json_schema_properties(tmp_path):
    file = tmp_path / "schema.json"
    file.write_text(json.dumps({"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"a": {}}}))
    assert load_state_keys(file) == {"a"}


def test_config_state_not_an_object(tmp_path):
    file = tmp_path / "s.json"
    file.write_text("[1]")
    with pytest.raises(ConfigError, match="must be a JSON object"):
        load_state_keys(file)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("tool = 1\n", "`tool` must be a table, got int"),
        ("[tool]\ntemplating = 'adk'\n", "`tool.templating` must be a table, got str"),
    ],
)
def test_config_tool_or_templating_not_a_table_names_the_key(tmp_path, body, message):
    _write(tmp_path, body)
    with pytest.raises(ConfigError) as raised:
        find_config(tmp_path)
    assert str(raised.value) == f"{tmp_path / 'pyproject.toml'}: {message}"
