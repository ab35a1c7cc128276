"""Round 23 (Java, held-out: open-source libraries from Debian sources): the false-alarm
patterns of its first pass, each beside a consistent control that stays reported
(benchmarks/PRECISION-java.md, "Round 23")."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.returns_raises import c3_raises_unraised
from docref.external.lookup import find_src_zip

from tests.static_helpers import project_input, static_input

needs_jdk = pytest.mark.skipif(find_src_zip() is None, reason="needs the JDK's src.zip")


def _names(tmp_path: Path, code: str, qualname: str) -> list[tuple[str, str]]:
    inp = static_input(tmp_path, code, qualname, filename="p/H.java")
    return [(inp.source[f.start : f.end], f.rule) for f in c1_name_unresolved(inp)]


_KEYWORD = """\
package p;

import java.nio.charset.Charset;

public interface H {
    /**
     * Hashes the input encoded with the given charset.  Unlike the unencoded hash, it does
     * not hash every {@code MARK} in the input.
     */
    int hashString(CharSequence input, Charset charset);
}
"""


@pytest.mark.parametrize(
    ("mark", "flagged"),
    [
        # guava's HashFunction.hashString: the primitive type, not an old name of `charset`
        ("char", False),
        ("boolean", False),
        ("charsett", True),  # control: a typo of the parameter stays reported
    ],
)
def test_java_primitive_type_in_code_is_no_old_name(
    tmp_path: Path, mark: str, flagged: bool
) -> None:
    found = _names(tmp_path, _KEYWORD.replace("MARK", mark), "H.hashString")
    assert bool(found) == flagged, found


_SIBLING = """\
package p;

IMPORT

public class DateTimeZone {
    /**
     * Gets a time zone instance for a JDK TimeZone.
     * <p>
     * This method is not designed to parse time zones with rules created by
     * applications using <code>MARK</code> directly.
     *
     * @param zone  the zone to convert, null means default
     * @return the DateTimeZone object for the zone
     */
    public static DateTimeZone forTimeZone(TimeZone zone) {
        return null;
    }
}
OTHER"""


@needs_jdk
@pytest.mark.parametrize(
    ("mark", "imported", "other", "flagged"),
    [
        # joda-time's DateTimeZone.forTimeZone: java.util.SimpleTimeZone, a class of the
        # package the file imports TimeZone from, not an old name of DateTimeZone (and
        # commons-math3's ProperFractionFormat.parse: java.text.ParseException)
        ("SimpleTimeZone", "import java.util.TimeZone;", "", False),
        # controls: a typo of a class in scope stays reported, and so does the JDK's class
        # where the file imports nothing from its package (its TimeZone is the project's)
        ("DateTimeZon", "import java.util.TimeZone;", "", True),
        ("SimpleTimeZone", "", "class TimeZone {}", True),
    ],
)
def test_jdk_class_of_an_imported_package_is_no_old_name(
    tmp_path: Path, mark: str, imported: str, other: str, flagged: bool
) -> None:
    code = _SIBLING.replace("MARK", mark).replace("IMPORT", imported).replace("OTHER", other)
    found = _names(tmp_path, code, "DateTimeZone.forTimeZone")
    assert bool(found) == flagged, found


_MATCH = """\
package p;

public class H {
    /**
     * Returns whether or not the given character matches.
     *
     * @param buffer  the text content to match against
     * @param pos  the starting position for the match
     * @return RETURN
     */
    public int isMatch(char[] buffer, int pos) {
        return buffer[pos] == ' ' ? 1 : 0;
    }
}
"""


@pytest.mark.parametrize(
    ("entry", "flagged"),
    [
        # commons-lang3's StrMatcher.isMatch: the @return entry says the int (a count) the
        # method returns; the summary's "whether" is what the count means
        ("the number of matching characters, zero for no match", []),
        # controls: an entry that claims no kind leaves the summary judged, and one that
        # claims a boolean too is reported beside it
        ("how far the match reaches", ["Returns whether or not the given character matches."]),
        (
            "true if it matches",
            ["Returns whether or not the given character matches.", "@return true if it matches"],
        ),
    ],
)
def test_summary_claim_defers_to_a_consistent_return_entry(
    tmp_path: Path, entry: str, flagged: list[str]
) -> None:
    inp = static_input(tmp_path, _MATCH.replace("RETURN", entry), "H.isMatch", filename="p/H.java")
    found = [f.segment_text for f in c2_prose_return_type(inp)]
    assert found == flagged


@pytest.mark.parametrize(
    ("summary", "flagged"),
    [
        # a literal boolean is no paraphrase of a count: the prose probe's stale inStock
        ("Returns true if the given character matches.", True),
        ("Returns false if nothing matches.", True),
        # control: the paraphrase still defers to the @return entry
        ("Returns whether or not the given character matches.", False),
    ],
)
def test_only_a_paraphrase_defers_to_the_return_entry(
    tmp_path: Path, summary: str, flagged: bool
) -> None:
    entry = "the number of matching characters, zero for no match"
    code = _MATCH.replace("RETURN", entry).replace(
        "Returns whether or not the given character matches.", summary
    )
    inp = static_input(tmp_path, code, "H.isMatch", filename="p/H.java")
    found = [f.segment_text for f in c2_prose_return_type(inp)]
    assert found == ([summary] if flagged else [])


_HEADERS = """\
package p;

import java.util.List;
import java.util.Map;

public interface H {
    /**
     * Retrieve all of the headers, keyed by the header name.
     * @return RETURN
     */
    Map<String, List<String>> multiHeaders();
}
"""


@pytest.mark.parametrize(
    ("entry", "flagged"),
    [
        # jsoup's Connection.Base.multiHeaders: one list per header, a map of lists
        ("a list of multiple values per header.", False),
        ("a list of values for each header name.", False),
        ("a list of all the header values.", True),  # control: a list said of a map
    ],
)
def test_a_list_per_key_is_said_of_a_map(tmp_path: Path, entry: str, flagged: bool) -> None:
    code = _HEADERS.replace("RETURN", entry)
    inp = static_input(tmp_path, code, "H.multiHeaders", filename="p/H.java")
    assert bool(c2_prose_return_type(inp)) == flagged


_CONVERTER = """\
package p;

public interface IntervalConverter {
    /**
     * Checks if the input is a ReadableInterval.
     *
     * @param object  the object to convert
     * @return true if the input is a ReadableInterval
     * TAG
     */
    boolean isReadableInterval(Object object);
}
"""
_IMPLEMENTATION = """\
package p;

public class ReadableIntervalConverter implements IntervalConverter {
    /**
     * Checks if the input is a ReadableInterval.
     *
     * @param object  the object to convert
     * @return true if the input is a ReadableInterval
     * @throws ClassCastException if the object is invalid
     */
    public boolean isReadableInterval(Object object) {
        return true;
    }
}
"""


@pytest.mark.parametrize(
    ("tag", "flagged"),
    [
        # joda-time: the implementation restates its project interface's contract, without
        # an @Override to say so
        ("@throws ClassCastException if the object is invalid", False),
        # control: an interface that documents no such exception leaves the tag judged
        ("@throws IllegalStateException if not ready", True),
    ],
)
def test_a_project_supertypes_contract_restated(tmp_path: Path, tag: str, flagged: bool) -> None:
    files = {
        "p/IntervalConverter.java": _CONVERTER.replace("TAG", tag),
        "p/ReadableIntervalConverter.java": _IMPLEMENTATION,
    }
    inp = project_input(
        tmp_path,
        files,
        "p/ReadableIntervalConverter.java",
        "ReadableIntervalConverter.isReadableInterval",
    )
    assert bool(c3_raises_unraised(inp)) == flagged


_COLLECTOR = """\
package p;

import java.util.Optional;
import java.util.stream.Collector;

public final class MoreCollectors {
    private static final Collector<Object, ?, Optional<Object>> TO_OPTIONAL =
        Collector.of(State::new, State::add, State::combine, State::get);

    /**
     * A collector that converts a stream of zero or one elements to an {@code Optional}.
     *
     * @throws EXCEPTION if the stream consists of two or more elements.
     * @return the collector
     */
    public static RETURNS toOptional() {
        return (RETURNS) TO_OPTIONAL;
    }

    static final class State {
        Object element;

        void add(Object o) {
            if (element != null) {
                throw new IllegalArgumentException("expected one element");
            }
            element = o;
        }
    }
}
"""


@pytest.mark.parametrize(
    ("returns", "exception", "flagged"),
    [
        # guava's MoreCollectors.toOptional: the returned collector throws it when used
        ("Collector", "IllegalArgumentException", False),
        # controls: an exception no code of the file makes stays reported, and so does one
        # documented on a method that returns a plain value
        ("Collector", "IllegalStateException", True),
        ("Object", "IllegalArgumentException", True),
    ],
)
def test_a_factory_documents_what_its_collector_throws(
    tmp_path: Path, returns: str, exception: str, flagged: bool
) -> None:
    code = _COLLECTOR.replace("RETURNS", returns).replace("EXCEPTION", exception)
    inp = static_input(tmp_path, code, "MoreCollectors.toOptional", filename="p/H.java")
    assert bool(c3_raises_unraised(inp)) == flagged


_PROPERTY = """\
package p;

import java.time.Duration;

public class EvictionConfig {
    private final Duration idleEvictDuration = Duration.ZERO;

    /**
     * Gets the {@code MARK} for this eviction configuration instance.
     *
     * @return the setting in milliseconds
     */
    public long getIdleEvictDuration() {
        return idleEvictDuration.toMillis();
    }
OTHER
}
"""
_OLD_GETTER = """
    /** @deprecated Use {@link #getIdleEvictDuration()}. */
    @Deprecated
    public long getIdleEvictTime() {
        return idleEvictDuration.toMillis();
    }
"""


@pytest.mark.parametrize(
    ("mark", "other", "flagged"),
    [
        # commons-pool2's EvictionConfig: `idleEvictTime` is the bean property the class's
        # (deprecated) getIdleEvictTime still exposes, a name the docs give the setting
        ("idleEvictTime", _OLD_GETTER, False),
        ("idleEvictDuration", "", False),  # the field itself
        # controls: with no accessor of that property left it is the field's old name, and
        # a typo of the property stays reported
        ("idleEvictTime", "", True),
        ("idleEvictTme", _OLD_GETTER, True),
    ],
)
def test_a_bean_property_of_the_class_is_no_old_name(
    tmp_path: Path, mark: str, other: str, flagged: bool
) -> None:
    code = _PROPERTY.replace("MARK", mark).replace("OTHER", other)
    found = _names(tmp_path, code, "EvictionConfig.getIdleEvictDuration")
    assert bool(found) == flagged, found
