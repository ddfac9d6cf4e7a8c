"""Guests, accounts and forms: Argon2 passwords, server-side sessions in safe
cookies, CSRF on every form, a limit on failed logins, a guest who claims an
account keeps its games, errors next to the field in the visitor's language."""

from __future__ import annotations

import re

from tysiac.server.auth import hash_password, verify_password

from .helpers import Browser


def test_passwords_are_argon2_hashes():
    h = hash_password("tajne hasło")
    assert h.startswith("$argon2id$") and verify_password(h, "tajne hasło")
    assert not verify_password(h, "tajne haslo") and not verify_password("junk", "x")


def test_session_cookies_are_httponly_samesite_and_secure_on_loopback(server):
    b = Browser(server.base)
    b.guest("Zosia")
    session = [c for c in b.set_cookie_headers if c.startswith("tysiac_session=")]
    assert session, b.set_cookie_headers
    flags = session[-1].lower()
    assert "httponly" in flags and "samesite=lax" in flags and "secure" in flags
    csrf = [c for c in b.set_cookie_headers if c.startswith("tysiac_csrf=")]
    assert csrf and "samesite=strict" in csrf[0].lower() and "httponly" in csrf[0].lower()


def test_every_form_needs_its_csrf_token(server):
    b = Browser(server.base)
    b.request("/guest")                                  # has the anonymous token cookie
    for path, form in (("/guest", {"nickname": "X"}), ("/login", {"login": "a", "password": "b"}),
                       ("/register", {"login": "abc", "nickname": "A", "password": "12345678",
                                      "password2": "12345678"})):
        status, _, html = b.request(path, form)                      # no token
        assert status == 400 and "Formularz wygasł" in html, path
        status, _, html = b.request(path, {**form, "csrf": "forged" * 6})
        assert status == 400, path
    b.guest("Zosia")
    status, _, html = b.request("/new", {"players": "3"})
    assert status == 400 and "Formularz wygasł" in html
    status, path, _ = b.request("/logout", {"csrf": "nope"})
    assert "tysiac_session" in b.cookies                 # a forged logout does nothing


def test_register_login_logout_and_wrong_passwords(server):
    b = Browser(server.base)
    status, _, html = b.post("/register", {"login": "Ola", "nickname": "Ola",
                                           "password": "krótkie", "password2": "krótkie"})
    assert status == 400 and "co najmniej 8 znaków" in html
    status, _, html = b.post("/register", {"login": "ola", "nickname": "Ola",
                                           "password": "dobrehaslo", "password2": "inne haslo"})
    assert status == 400 and "Hasła się różnią" in html
    status, path, _ = b.post("/register", {"login": "ola", "nickname": "Ola",
                                           "password": "dobrehaslo", "password2": "dobrehaslo"})
    assert status == 200 and path == "/"
    _, _, html = b.request("/account")
    assert "ola" in html
    b.post("/logout", {}, page="/")
    assert "tysiac_session" not in b.cookies
    other = Browser(server.base)
    status, _, html = other.post("/register", {"login": "ola", "nickname": "Ola2",
                                               "password": "dobrehaslo", "password2": "dobrehaslo"})
    assert status == 400 and "zajęty" in html
    status, _, html = b.post("/login", {"login": "ola", "password": "złe hasło"})
    assert status == 400 and "Zły login albo hasło" in html
    status, path, _ = b.post("/login", {"login": "OLA", "password": "dobrehaslo"})
    assert status == 200 and "tysiac_session" in b.cookies


def test_failed_logins_are_limited(server):
    b = Browser(server.base)
    b.post("/register", {"login": "ewa", "nickname": "Ewa", "password": "dobrehaslo",
                         "password2": "dobrehaslo"})
    attacker = Browser(server.base)
    codes = [attacker.post("/login", {"login": "ewa", "password": f"zgaduje{i}"})[0]
             for i in range(7)]
    assert codes[:5] == [400] * 5 and codes[5:] == [429, 429]
    status, _, html = attacker.post("/login", {"login": "ewa", "password": "dobrehaslo"})
    assert status == 429 and re.search(r"Spróbuj za \d+ s", html)  # even the right one waits


def test_a_guest_claims_an_account_and_keeps_its_games(server):
    b = Browser(server.base)
    b.guest("Żaneta")
    table = b.new_table()
    _, _, html = b.request("/register")
    assert "Żaneta" in html                              # the claim form knows the guest
    status, _, _ = b.post("/register", {"login": "zaneta", "nickname": "Żaneta",
                                        "password": "dobrehaslo", "password2": "dobrehaslo"})
    assert status == 200
    b.post("/logout", {}, page="/")
    b.post("/login", {"login": "zaneta", "password": "dobrehaslo"})
    _, _, games = b.request("/me/games")
    assert table in games


def test_errors_in_english_and_no_open_redirects(server):
    b = Browser(server.base)
    b.request("/lang/en?next=/guest")
    status, _, html = b.post("/guest", {"nickname": " " * 5, "next": "https://evil.example/"})
    assert status == 400 and "A name has 1 to 20 characters" in html
    status, path, _ = b.post("/guest", {"nickname": "Ann", "next": "//evil.example/x"})
    assert status == 200 and path == "/"
    status, _, html = b.request("/t/no-such-table")
    assert status == 404 and "There is no such table" in html
    status, _, html = b.request("/nowhere")
    assert status == 404


def test_the_new_table_form_reports_bad_options_next_to_the_field(server):
    b = Browser(server.base)
    b.guest("Zosia")
    status, _, html = b.post("/new", {"players": "3", "preset": "pl-3", "goal": "1000",
                                      "move": "0", "bombs": "on", "hints": "on",
                                      "seat1": "basic", "seat2": "basic",
                                      "options": "meld_first_trick=maybe"})
    assert status == 400 and 'id="options-error"' in html and "meld_first_trick" in html
    assert "meld_first_trick=maybe" in html              # nothing typed is lost
    status, path, _ = b.post("/new", {"players": "2", "preset": "pl-2", "goal": "500",
                                      "move": "30", "bombs": "off", "hints": "off",
                                      "seat1": "strong", "options": "meld_first_trick=false"})
    assert status == 200 and path.startswith("/t/")
