"""Java's `Double.toString`, as the adk-java and adk-kotlin dialects write a float, checked
against a real JDK where one runs (19 or later, whose shortest-digit algorithm the JVM ports
get on a current JDK; JDK 17 prints extra digits for about one double in 500). Without one,
the test skips and says so."""

from __future__ import annotations

import glob
import os
import random
import re
import struct
import subprocess
from pathlib import Path

import pytest

from templating.dialects.jvm import java_double

_PROGRAM = """
import java.io.*;
public class ToString { public static void main(String[] a) throws Exception {
  BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
  for (String line; (line = r.readLine()) != null; )
    System.out.println(Double.toString(Double.longBitsToDouble(Long.parseLong(line)))); } }
"""


def _find_jdk() -> Path | None:
    """A JDK 19 or later: ``TEMPLATING_JAVA_HOME``, else one under ``/usr/lib/jvm``."""
    homes = [os.environ.get("TEMPLATING_JAVA_HOME", ""), *sorted(glob.glob("/usr/lib/jvm/*"))]
    for home in filter(None, homes):
        java, javac = Path(home, "bin", "java"), Path(home, "bin", "javac")
        if not (java.is_file() and javac.is_file()):
            continue
        version = subprocess.run([str(java), "-version"], capture_output=True, text=True, check=False).stderr
        found = re.search(r'version "(\d+)', version)
        if found and int(found.group(1)) >= 19:
            return Path(home)
    return None


def _doubles() -> list[float]:
    generator = random.Random(19)
    values = [generator.uniform(-1e3, 1e3) for _ in range(2000)]
    values += [generator.choice([1, -1]) * 10 ** generator.uniform(-320, 308) for _ in range(3000)]
    values += [struct.unpack("<d", struct.pack("<Q", generator.getrandbits(64)))[0] for _ in range(2000)]
    values += [float(f"{digit}e{power}") for digit in range(1, 10) for power in range(-324, 309, 7)]
    return [value for value in values if value == value]  # NaN has many bit patterns; it is checked below


def test_jvm_double_to_string_equals_a_real_jdk(tmp_path):
    jdk = _find_jdk()
    if jdk is None:
        pytest.skip("no JDK 19 or later found (set TEMPLATING_JAVA_HOME)")
    (tmp_path / "ToString.java").write_text(_PROGRAM, encoding="utf-8")
    subprocess.run([str(jdk / "bin" / "javac"), "-d", str(tmp_path), str(tmp_path / "ToString.java")], check=True)
    values = [*_doubles(), float("nan"), float("inf"), -float("inf"), 0.0, -0.0]
    lines = "\n".join(str(struct.unpack("<q", struct.pack("<d", value))[0]) for value in values) + "\n"
    result = subprocess.run(
        [str(jdk / "bin" / "java"), "-cp", str(tmp_path), "ToString"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
    )
    assert [java_double(value) for value in values] == result.stdout.splitlines()
