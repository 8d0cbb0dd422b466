import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import worker  # noqa: E402


class HandleTest(unittest.TestCase):
    def test_echo(self):
        self.assertEqual(worker.handle({"task": "echo", "payload": 1}), {"ok": True, "echo": 1})

    def test_unknown_task(self):
        with self.assertRaises(ValueError):
            worker.handle({"task": "nope"})

    def test_defaults(self):
        self.assertEqual(worker.SERVICE_NAME, "{{SERVICE_NAME}}")
        self.assertGreater(worker.CONCURRENCY, 0)


if __name__ == "__main__":
    unittest.main()
