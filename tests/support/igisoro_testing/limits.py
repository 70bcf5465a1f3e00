"""How far past its time limit an engine call may return: the margin
``docs/ARCHITECTURE.md`` ("Time") documents, which the time-limit tests
of the library and of the service both check."""

#: Seconds every call may run past its limit: the core reads the clock often
#: enough to stop within a few milliseconds, and the rest is wrapping the
#: answer and a loaded machine (2 shared cores) scheduling the thread.
MARGIN = 0.05
#: The share of the limit it may run past it, on top of MARGIN.
SLACK = 0.10
