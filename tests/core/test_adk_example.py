"""The google-adk example in examples/adk_agent runs offline and renders its instruction."""

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "adk_agent" / "agent.py"


def load_example():
    spec = importlib.util.spec_from_file_location("adk_agent_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_adk_example_model_receives_the_rendered_instruction(capsys):
    reply = await load_example().main()
    assert reply.startswith(
        "You help Ada plan trips. Answer in French.\nCurrent destination: . Company policy: economy class only"
    )
    assert "required keys: ('user:name', 'user:language', 'app:policy')" in capsys.readouterr().out
