"""False alarms of round 104j (benchmarks/PRECISION-java.md, "Round 104j"), each beside a
consistent control that stays reported: bitcoinj's "Such addresses are used for `addr` and
`addrv2` messages" on ``PeerAddress.inet(InetSocketAddress addr, ...)`` (the Bitcoin protocol's
two messages, a thing and its version two, named side by side: no misspelling of the parameter
``addr``, which bitcoinj's class also holds as a field); JSPWiki's "@param argv The argument
string." on ``main(String[] argv)`` (a string of arguments: the command line, which the array
holds); round 95j's JGit "a list of updated paths and smudgeFilterCommands" on ``Map<String,
CheckoutMetadata>`` (each path keyed to the value holding its ``smudgeFilterCommand``); and JDK
25's ``NamedKEM`` "This method will be called in `newEncapsulator`" (the public method of
``javax.crypto.KEM`` that the provider's ``engineNewEncapsulator`` backs, no old name of it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_CLASS = """\
package p;

/** Holder of the method under test. */
public class Holder {

    private final String addr = null;

    /**
DOC
     */
    public static void probe(DECLARED addr) {
    }
}
"""


def _rules(tmp_path: Path, doc: list[str], declared: str = "String") -> list[str]:
    lines = "\n".join(f"     * {line}".rstrip() for line in doc)
    code = _CLASS.replace("DOC", lines).replace("DECLARED", declared)
    found = project_findings(tmp_path, {"p/Holder.java": code}, "p/Holder.java")
    return sorted(f.rule for f in found if f.qualname.endswith("probe"))


_NAME = "C1-NAME-UNRESOLVED"
_PARAM = "C2-PROSE-PARAM-TYPE"


def test_a_parameter_and_its_version_two_named_side_by_side_are_two_things(
    tmp_path: Path,
) -> None:
    doc = [
        "Constructs a peer address. Such addresses are used for",
        "`addr` and `addrv2` messages of types IPv4 and IPv6.",
        "",
        "@param addr ip address and port of the peer",
    ]
    assert _rules(tmp_path, doc) == []


@pytest.mark.parametrize(
    "sentence",
    [
        # the versioned name alone in its sentence: maybe a stale name of the parameter
        "Such addresses are used for `addrv2` messages. The `addr` is kept.",
        "Such addresses are used for `addrv2` messages.",
    ],
)
def test_a_versioned_name_apart_from_its_twin_stays_reported(tmp_path: Path, sentence: str) -> None:
    doc = [sentence, "", "@param addr ip address and port of the peer"]
    assert _rules(tmp_path, doc) == [_NAME]


def test_the_argument_string_of_main_is_its_array_of_arguments(tmp_path: Path) -> None:
    doc = ["Prints the version.", "", "@param addr The argument string. No arguments are read."]
    assert _rules(tmp_path, doc, declared="String[]") == []
    assert _rules(tmp_path, doc, declared="java.lang.String[]") == []


@pytest.mark.parametrize(
    ("said", "declared"),
    [
        ("The argument string.", "int[]"),  # numbers are no argument strings
        ("The command string.", "String[]"),  # one string, not the array's items
    ],
)
def test_a_string_claim_on_another_array_stays_reported(
    tmp_path: Path, said: str, declared: str
) -> None:
    doc = ["Prints the version.", "", f"@param addr {said}"]
    assert _rules(tmp_path, doc, declared=declared) == [_PARAM]


_CHECKOUT = """\
package p;

import java.util.Map;

/** Holder of the method under test. */
public class Holder {

    /** What a checkout writes for one path. */
    public static class CheckoutMetadata {
        /** filter command to apply */
        public final String smudgeFilterCommand = null;
    }

    /** What another map holds. */
    public static class Other {
        /** a name */
        public final String name = null;
    }

    /**
     * Get list of updated paths and SECOND
     *
     * @return a list of updated paths and SECOND
     */
    public Map<String, VALUE> probe() {
        return null;
    }
}
"""


def _returns(tmp_path: Path, second: str, value: str) -> list[str]:
    code = _CHECKOUT.replace("SECOND", second).replace("VALUE", value)
    found = project_findings(tmp_path, {"p/Holder.java": code}, "p/Holder.java")
    return sorted(f.rule for f in found if f.qualname.endswith("probe"))


def test_a_list_of_keys_and_a_field_of_the_values_is_the_map(tmp_path: Path) -> None:
    assert _returns(tmp_path, "smudgeFilterCommands", "CheckoutMetadata") == []


@pytest.mark.parametrize(
    ("second", "value"),
    [
        ("smudgeFilterCommands", "Other"),  # the value class holds no such field
        ("cleanFilterCommands", "CheckoutMetadata"),  # nor this one
    ],
)
def test_a_second_noun_the_values_do_not_hold_stays_reported(
    tmp_path: Path, second: str, value: str
) -> None:
    assert _returns(tmp_path, second, value) == ["C2-PROSE-RETURN-TYPE"] * 2


_PROVIDER = """\
package p;

import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;

/** A key encapsulation provider. */
public abstract class Provider implements javax.crypto.KEMSpi {

    @Override
    public EncapsulatorSpi TWIN(PublicKey key, AlgorithmParameterSpec spec, SecureRandom random) {
        Object parsed = probe("name");
        return null;
    }

    /**
     * User-defined function to validate a public key.
     *
     * This method will be called in {@code newEncapsulator}. This gives the provider a
     * chance to reject the key early.
     *
     * @param name parameter name
     * @return a parsed key
     */
    protected Object probe(String name) {
        return null;
    }
}
"""


def _provider(tmp_path: Path, twin: str) -> list[str]:
    code = _PROVIDER.replace("TWIN", twin)
    found = project_findings(tmp_path, {"p/Provider.java": code}, "p/Provider.java")
    return sorted(f.rule for f in found if f.qualname.endswith("probe"))


def test_the_public_method_an_spi_engine_method_backs_is_no_old_name(tmp_path: Path) -> None:
    # JDK 25's NamedKEM: javax.crypto.KEM.newEncapsulator calls engineNewEncapsulator
    assert _provider(tmp_path, "engineNewEncapsulator") == []


@pytest.mark.parametrize("twin", ["implNewEncapsulator", "doNewEncapsulator"])
def test_a_name_another_prefix_extends_stays_reported(tmp_path: Path, twin: str) -> None:
    assert _provider(tmp_path, twin) == ["C1-PROSE-NAME-STALE"]
