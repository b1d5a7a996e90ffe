"""The build's stages: what they leave behind in the process."""

from __future__ import annotations

import gc

import pytest

from kg.builder.stages import cycles_left_alone


def test_cycle_collector_paused_and_back_after_an_error() -> None:
    with pytest.raises(RuntimeError), cycles_left_alone():
        assert not gc.isenabled()
        raise RuntimeError("a resolution that fails")
    assert gc.isenabled()


def test_cycle_collector_paused_by_the_caller_stays_paused() -> None:
    gc.disable()
    try:
        with cycles_left_alone():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
