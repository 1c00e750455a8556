"""The OpenSpiel adapter and OpenSpiel's algorithms need pyspiel: the spiel extra."""

from kashi_test_extras import needs_extra

pytest_pycollect_makemodule = needs_extra("spiel", "pyspiel")
