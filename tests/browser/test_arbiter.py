"""The arbiter page in a real browser: a pasted record with an illegal card is judged
and its rule leads to the rules page's section; a deal is built with the card picker
and the move picker on a phone-sized screen (by tapping, and with the keyboard)."""

from __future__ import annotations

from pathlib import Path

from .pages import PHONE, TablePage

ROOT = Path(__file__).resolve().parents[1]
MUST_BEAT = (ROOT / "golden" / "must-beat-mistake.json").read_text()
DESKTOP = {"width": 1000, "height": 800}


def in_view(page, selector: str) -> bool:
    return bool(page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                      return r.top > -2 && r.top < window.innerHeight; }""", selector))


def view_shot(page, captures: Path | None, name: str) -> None:
    """A screenshot of what the screen shows (the rules page is too long for a whole one)."""
    if captures is not None:
        page.screenshot(path=str(captures / f"{name}.png"))


def judge_paste(page, text: str) -> None:
    page.fill("#record", text)
    with page.expect_navigation():
        page.locator("#paste-form button[type=submit]").click()


def test_the_arbiter_page_judges_a_pasted_record_with_an_illegal_card(chromium, site, captures):
    for name, viewport in (("desktop-", DESKTOP), ("phone-", PHONE)):
        page = chromium.new_page(viewport=viewport)
        t = TablePage(page, captures, name)
        page.goto(site.base + "/")
        page.locator("header nav a[href='/arbiter']").click()
        page.wait_for_selector("#paste-form")
        t.shot("arbiter")
        judge_paste(page, MUST_BEAT)
        verdict = page.locator("#verdict")
        text = verdict.inner_text()
        assert "Zapis niezgodny z zasadami" in text
        assert "must_beat — Trzeba przebić w kolorze" in text
        assert "Bartek ma K♥ i musi przebić D♥" in text
        assert in_view(page, "#verdict")                  # the answer is what one sees first
        t.shot("arbiter-verdict")
        verdict.locator("a.rule-link").click()
        page.wait_for_url("**/rules#rule-must_beat")
        assert in_view(page, "#rule-must_beat")
        section = page.locator("#rule-must_beat")
        assert "Trzeba przebić w kolorze" in section.inner_text()
        following = page.locator("#rule-must_beat + p").inner_text()
        assert "kartę wyższą od tej, która teraz bierze lewę" in following
        view_shot(page, captures, f"{name}rules-must-beat")
        page.goto(site.base + "/rules")
        view_shot(page, captures, f"{name}rules")
        page.goto(site.base + "/rules#options")
        view_shot(page, captures, f"{name}rules-options")
        assert not t.errors
        page.close()


def test_a_broken_record_gets_its_message_next_to_the_field(chromium, site, captures):
    for name, viewport in (("desktop-", DESKTOP), ("phone-", PHONE)):
        page = chromium.new_page(viewport=viewport)
        t = TablePage(page, captures, name)
        page.goto(site.base + "/arbiter")
        judge_paste(page, MUST_BEAT.replace('"p": 1, "bid": 110', '"p": 1, "bid": 110,,'))
        error = page.locator("#record-error")
        assert "brak wartości" in error.inner_text() or "wiersz" in error.inner_text() \
            or "JSON" in error.inner_text(), error.inner_text()
        assert page.locator("#record[aria-invalid=true]").count() == 1
        assert page.locator("#record").input_value().startswith("{")       # nothing lost
        t.shot("arbiter-error")
        # The form: the cards dealt at random, then one typed wrong.
        page.locator("#build > summary").click()
        page.locator("[data-key=random]").click()
        page.wait_for_selector("#mover .to-act")
        t.shot("arbiter-form")
        page.fill("#hand0", page.input_value("#hand0").replace(" ", " XX ", 1))
        with page.expect_navigation():
            page.locator("#build-form button[type=submit]").click()
        assert page.locator("#hand0-error").inner_text().startswith("„XX” to nie karta")
        assert page.locator("#hand1").input_value()                       # nothing lost
        t.shot("arbiter-form-error")
        page.close()


def test_a_deal_is_built_with_the_form_on_a_phone(chromium, site, captures):
    page = chromium.new_page(viewport=PHONE)
    t = TablePage(page, captures, "phone-")
    page.goto(site.base + "/arbiter")
    page.locator("#build > summary").click()
    page.select_option("#preset", "pl-3")
    for i, name in enumerate(("Ania", "Bartek", "Celina")):
        page.fill(f"#name{i}", name)
    page.select_option("#dealer", "2")
    # RECORD.md's example deal: tap each seat's cards in the deck; a full pile passes
    # the taps on to the next one.
    for cards in (("AH", "TH", "QH", "AS", "TS", "9D", "9C"),
                  ("KH", "9H", "AD", "TD", "KD", "JD", "QS"),
                  ("AC", "TC", "KC", "QC", "JC", "KS", "JH")):
        for c in cards:
            page.locator(f".deck button[data-card='{c}']").click()
    assert page.locator(".pile-choice.active").inner_text().startswith("musik")
    t.shot("arbiter-cards")
    # The musik with the keyboard: arrows move through the deck, Enter takes a card.
    page.locator(".deck button[data-card='QD']").focus()
    for key in ("Enter", "ArrowDown", "ArrowDown", "ArrowRight", "Enter", "ArrowRight", "Enter"):
        page.keyboard.press(key)
    assert page.input_value("#musik0").split() == ["QD", "JS", "9S"]
    assert page.input_value("#hand1").split() == ["KH", "9H", "AD", "TD", "KD", "JD", "QS"]

    def tap_move(selector: str) -> None:
        moves = page.input_value("#moves")
        page.locator(f"#mover {selector}").first.click()
        page.wait_for_function("(m) => document.getElementById('moves').value !== m", arg=moves)

    def next_is(words: str) -> None:
        page.wait_for_function(
            "(w) => (document.querySelector('#mover .to-act') || {}).textContent?.includes(w)",
            arg=words)

    next_is("Bartek (licytacja)")
    tap_move(".legal-moves button:text-is('110')")
    next_is("Celina (licytacja)")
    tap_move(".legal-moves button:text-is('pas')")
    next_is("Ania (licytacja)")
    tap_move(".legal-moves button:text-is('120')")
    next_is("Bartek (licytacja)")
    tap_move(".legal-moves button:text-is('pas')")
    next_is("Ania (oddawanie kart)")
    t.shot("arbiter-exchange")
    page.locator("#mover button[data-card='9S']").click()
    tap_move("button[data-card='JS']")
    next_is("Ania (deklaracja)")
    tap_move(".legal-moves button:text-is('gra za 120')")
    next_is("Ania (rozgrywka)")
    tap_move(".legal-moves button[data-card='QH']")
    next_is("Bartek (rozgrywka)")
    # Bartek may only beat with K♥; the 9♥ he played is among his other cards.
    assert page.locator("#mover .legal-moves button").count() == 1
    t.shot("arbiter-moves")
    tap_move(".other-moves button[data-card='9H']")
    page.wait_for_selector("#mover .error")
    assert "Bartek ma K♥ i musi przebić D♥" in page.locator("#mover .error").inner_text()
    assert page.locator("#mover li.illegal").inner_text() == "Bartek: 9♥"
    assert page.input_value("#moves").split() == [
        "1:110", "2:pass", "0:120", "1:pass", "0:give(1=9S,2=JS)", "0:declare=120", "0:QH",
        "1:9H"]
    t.shot("arbiter-illegal-move")
    with page.expect_navigation():
        page.locator("#build-form button[type=submit]").click()
    assert "must_beat" in page.locator("#verdict").inner_text()
    t.shot("arbiter-form-verdict")
    # Undo the disputed card and the form takes the legal one.
    page.locator("[data-key=undo]").click()
    page.wait_for_function("() => !document.getElementById('moves').value.includes('1:9H')")
    next_is("Bartek (rozgrywka)")
    assert not t.errors


def test_the_arbiter_and_the_rules_in_english(chromium, site, captures):
    page = chromium.new_page(viewport=DESKTOP)
    t = TablePage(page, captures, "english-")
    page.goto(site.base + "/arbiter")
    judge_paste(page, MUST_BEAT)
    assert "Bartek ma K♥ i musi przebić D♥" in page.locator("#verdict").inner_text()
    # Switching the language judges the same record again, in English.
    with page.expect_navigation():
        page.locator("header a.lang").click()
    page.wait_for_selector("html[lang=en]")
    assert "Bartek has K♥ and must beat Q♥" in page.locator("#verdict").inner_text()
    assert page.input_value("#record") == MUST_BEAT
    t.shot("arbiter-verdict")
    page.locator("#verdict a.rule-link").click()
    page.wait_for_url("**/rules#rule-must_beat")
    assert "Must beat in the suit" in page.locator("#rule-must_beat").inner_text()
    view_shot(page, captures, "english-rules-must-beat")
    assert not t.errors
