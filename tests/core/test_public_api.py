"""The facade: a sorted ``__all__`` whose every name exists and has a docstring."""

import templating


def test_public_api_all_is_sorted_and_unique():
    assert list(templating.__all__) == sorted(set(templating.__all__))


def test_public_api_every_name_exists_and_is_documented():
    for name in templating.__all__:
        value = getattr(templating, name)
        assert (value.__doc__ or "").strip(), f"templating.{name} has no docstring"
