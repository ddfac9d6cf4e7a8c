"""The site in a real browser: a guest plays a deal against bots by clicking; two
people play a 2-player deal; a reload restores the seat; the phone-sized layout;
English."""

from __future__ import annotations

import re
import time

from .pages import PHONE, TablePage


def new_guest_table(page, base, name="Zosia", **choices):
    page.goto(base + "/new")
    t = TablePage(page)
    t.guest(name)
    page.wait_for_selector("form#new-table")
    for field, value in choices.items():
        if field == "players":
            page.check(f"input[name=players][value='{value}']")
        else:
            page.select_option(f"#{field}", value)
    page.locator("form#new-table button[type=submit]").click()
    page.wait_for_selector("[data-key=ready]")
    return page.url


def test_a_guest_plays_a_full_deal_against_two_bots(chromium, site, captures):
    page = chromium.new_page(viewport={"width": 1000, "height": 800})
    t = TablePage(page, captures, "desktop-")
    page.goto(site.base + "/")
    t.shot("lobby")
    new_guest_table(page, site.base, seat1="expert")
    t.shot("waiting")
    waiting = page.locator("#app").inner_text()          # the levels named in Polish
    assert "Bot · ekspert" in waiting and "expert" not in waiting
    t.click("[data-key=ready]")
    t.until(lambda: t.has(".summary"), next_deal=False)
    t.shot("summary")
    summary = page.locator(".summary").inner_text()
    assert "Podsumowanie rozdania" in summary and "Zosia" in summary
    rows = page.locator(".summary tbody tr")
    assert rows.count() == 3
    t.click("[data-key=tab-review]", wait=False)
    review = page.locator(".review").inner_text()
    assert "Pokaż karty" in review and review.count("→") >= 8     # the tricks and gives
    t.shot("show-cards")
    t.click("[data-key=tab-sheet]", wait=False)
    assert page.locator(".sheet tbody tr").count() == 1
    t.shot("sheet")
    assert not t.errors


def test_a_card_given_is_told_until_the_deal_ends(chromium, site):
    """The guest passes, so a bot declares and gives it a card: told while the deal
    lasts, and no longer on the summary (the review lists the gives)."""
    page = chromium.new_page(viewport={"width": 1000, "height": 800})
    t = TablePage(page)
    new_guest_table(page, site.base)
    t.click("[data-key=ready]")
    for _ in range(4):                      # the guest may have to play a forced 100
        told = False
        deadline = time.time() + 120
        while not t.has(".summary") and time.time() < deadline:
            told = told or t.has(".given")
            if t.has("[data-key=pass]"):
                t.click("[data-key=pass]")
            elif t.step(next_deal=False) is None:
                time.sleep(0.05)
        assert t.has(".summary")
        if told:
            break
        t.click("[data-key=next]")
    assert told
    assert not t.has(".given")
    assert not t.errors


def test_an_illegal_card_is_explained(chromium, site, captures):
    page = chromium.new_page(viewport={"width": 1000, "height": 800})
    t = TablePage(page, captures, "desktop-")
    new_guest_table(page, site.base)
    t.click("[data-key=ready]")
    # Play (deal after deal, if need be) until a card of the hand is not allowed.
    t.until(lambda: t.has(".hand button.card[aria-disabled=true]"))
    page.locator(".hand button.card[aria-disabled=true]").first.click(force=True)
    page.wait_for_selector(".alerts .error")
    text = page.locator(".alerts .error").inner_text()
    assert re.search(r"musi (dołożyć|przebić|dać atut)", text), text
    t.shot("illegal-card")


def test_two_people_play_a_two_player_deal(chromium, site, captures):
    host_ctx, guest_ctx = chromium.new_context(), chromium.new_context()
    a, b = host_ctx.new_page(), guest_ctx.new_page()
    url = new_guest_table(a, site.base, "Ania", players="2", preset="online-2", seat1="human")
    ta, tb = TablePage(a, captures, "2p-"), TablePage(b, captures, "2p-guest-")
    b.goto(url)
    tb.guest("Bartek")
    b.wait_for_selector("[data-key=sit-1]")
    tb.click("[data-key=sit-1]")
    ta.click("[data-key=ready]")
    tb.click("[data-key=ready]")
    both_seen = {"seen_while_exchange": False}

    def watch() -> None:
        # The defender may confirm the musik while the declarer is still discarding.
        for me, other in ((ta, tb), (tb, ta)):
            if me.has("[data-key=seen]") and "Odłóż" in other.page.locator(".prompt").inner_text():
                both_seen["seen_while_exchange"] = True
                me.shot("musik-seen")
                other.shot("discard")

    def done() -> bool:
        return ta.has(".summary") and tb.has(".summary")

    deadline_steps = 4000
    while not done() and deadline_steps:
        deadline_steps -= 1
        did = []
        for t in (ta, tb):                        # both people, every round
            watch()
            did.append(t.step())
        if did == [None, None]:
            a.wait_for_timeout(50)
    assert done(), a.locator("#app").inner_text()[:1500]
    assert both_seen["seen_while_exchange"]
    assert "Podsumowanie" in b.locator(".summary").inner_text()
    host_ctx.close()
    guest_ctx.close()


def test_a_reload_mid_trick_restores_the_seat(chromium, site):
    page = chromium.new_page()
    t = TablePage(page)
    new_guest_table(page, site.base)
    t.click("[data-key=ready]")
    t.until(lambda: t.has(".trick-box:not(.last)") and t.has(".hand button.card.legal"))
    hand = page.locator(".hand").inner_text()
    trick = page.locator(".trick-box").inner_text()
    page.reload()
    page.wait_for_selector(".hand button.card.legal")
    assert page.locator(".hand").inner_text() == hand
    assert page.locator(".trick-box").inner_text() == trick


def test_the_phone_layout_fits_360_pixels(chromium, site, captures):
    page = chromium.new_page(viewport=PHONE)
    t = TablePage(page, captures, "phone-")
    new_guest_table(page, site.base)
    t.shot("waiting")
    t.click("[data-key=ready]")
    t.until(lambda: t.has(".hand button.card.legal") or t.has("[data-key=bid]"))
    t.shot("turn")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width                       # nothing to scroll sideways
    for box in page.locator(".hand button.card").all():
        b = box.bounding_box()
        assert b and b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]
        assert b["width"] >= 32 and b["height"] >= 44               # big enough to tap
    t.until(lambda: t.has(".summary"), next_deal=False)
    t.shot("summary")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_english_is_a_click_away(chromium, site, captures):
    page = chromium.new_page(viewport={"width": 1000, "height": 800})
    t = TablePage(page, captures, "english-")
    page.goto(site.base + "/")
    page.click("a.lang")
    assert page.locator("h1").inner_text() == "Tables"
    new_guest_table(page, site.base)
    assert "Waiting until every seat is taken" in page.locator("#app").inner_text()
    t.click("[data-key=ready]")
    t.until(lambda: t.has(".summary"), next_deal=False)
    assert "Deal summary" in page.locator(".summary").inner_text()
    t.shot("summary")


def test_the_keyboard_plays_a_card(chromium, site):
    page = chromium.new_page()
    t = TablePage(page)
    new_guest_table(page, site.base)
    t.click("[data-key=ready]")
    t.until(lambda: t.has(".hand button.card.legal"))
    legal = page.locator(".hand button.card.legal").first
    code = legal.get_attribute("data-card")
    version = page.locator("#app").get_attribute("data-version")
    page.locator(".hand button.card").first.focus()
    # Move with the arrows to the legal card, then Enter.
    cards = [c.get_attribute("data-card") for c in page.locator(".hand button.card").all()]
    for _ in range(cards.index(code)):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == code
    page.keyboard.press("Enter")
    moved = f"document.querySelector('#app').dataset.version != '{version}'"
    page.wait_for_function(f"{moved} || document.querySelector('[data-key=meld-yes]')")
    if t.has("[data-key=meld-yes]"):          # a marriage's card led: the page asks first
        page.focus("[data-key=meld-yes]")
        page.keyboard.press("Enter")
        page.wait_for_function(moved)
    left = [c.get_attribute("data-card") for c in page.locator(".hand button.card").all()]
    assert code not in left                                  # played


def wait_for_analysis(t, timeout: float = 120) -> None:
    """The analysis comes from the server a second or so after the summary."""
    deadline = time.time() + timeout
    while not t.has(".summary .analysis h3"):
        assert time.time() < deadline, t.page.locator(".summary").inner_text()
        t.page.wait_for_timeout(100)


def analysed_deal(chromium, site, captures, viewport, prefix) -> None:
    page = chromium.new_page(viewport=viewport)
    t = TablePage(page, captures, prefix)
    new_guest_table(page, site.base)
    t.click("[data-key=ready]")
    t.until(lambda: t.has(".summary"), next_deal=False)
    wait_for_analysis(t)
    part = page.locator(".summary .analysis").inner_text()
    assert "Analiza" in part and "Karty grającego" in part and "Stracone punkty" in part
    assert "W tej partii (przeanalizowane rozdania: 1):" in part, part
    assert page.locator("table.losses tbody tr").count() == 3
    costly = page.locator("ul.costly li").count()
    assert costly or "Żadna karta nie kosztowała punktów." in part
    t.shot("analysis")
    t.click("[data-key=tab-review]", wait=False)
    review = page.locator(".review")
    assert "Licytacja z perspektywy" in review.inner_text()
    assert review.locator("mark").count() == costly       # the same cards, in their tricks
    if costly:
        assert review.locator("mark").first.get_attribute("title")
    t.shot("show-cards-analysis")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert not t.errors
    page.close()


def test_the_analysis_of_the_deal_marks_the_costly_cards(chromium, site, captures):
    analysed_deal(chromium, site, captures, {"width": 1000, "height": 800}, "desktop-")
    analysed_deal(chromium, site, captures, PHONE, "phone-")
