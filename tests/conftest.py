"""Suite-wide set-up.

A shell without job control starts background jobs with SIGINT ignored, and an ignored signal
stays ignored across exec: the subprocesses of the interrupt tests (test_outputs.py,
test_batch_histories.py) would then never see the Ctrl-C they are sent.  Catching SIGINT here
(Python's own handler) makes the children start with the default disposition again, as they do
when the suite runs in a terminal or in CI.
"""
import signal

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
