"""The default worker count: the CPUs other processes leave idle, never fewer than one."""

import os

import pytest

from templating.lint import workers


@pytest.fixture
def four_cpus(monkeypatch):
    monkeypatch.setattr(workers, "_cpu_count", lambda: 4)


@pytest.mark.parametrize(("load", "expected"), [(0.0, 4), (0.4, 4), (1.6, 2), (3.7, 1), (9.0, 1)])
def test_default_jobs_leaves_out_the_cpus_the_load_average_keeps_busy(four_cpus, monkeypatch, load, expected):
    monkeypatch.setattr(os, "getloadavg", lambda: (load, 0.0, 0.0))
    assert workers.default_jobs() == expected


def test_default_jobs_without_a_load_average_is_the_cpu_count(four_cpus, monkeypatch):
    def unsupported():
        raise OSError("no load average")

    monkeypatch.setattr(os, "getloadavg", unsupported)
    assert workers.default_jobs() == 4


def test_busy_machine_lints_in_the_calling_process(four_cpus, monkeypatch):
    def refuse(*arguments, **options):
        raise AssertionError("a pool was started on a busy machine")

    monkeypatch.setattr(os, "getloadavg", lambda: (4.0, 0.0, 0.0))
    monkeypatch.setattr("concurrent.futures.ProcessPoolExecutor", refuse)
    items = list(range(workers.FILES_PER_WORKER * 4))
    assert workers.map_chunks(_double, items, 2, workers.default_jobs()) == [item * 2 for item in items]


def _double(chunk, factor):
    return [item * factor for item in chunk]
