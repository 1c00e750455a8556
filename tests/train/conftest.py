"""Training needs PyTorch (the fit) and sb3-contrib (maskable trainers): the train extra."""

from kashi_test_extras import needs_extra

pytest_pycollect_makemodule = needs_extra("train", "torch", "sb3_contrib")
