// The board's words (issue 43). Every string the page shows comes from the
// service's gettext catalogs, served by GET /v1/board/messages: this page
// holds keys, never sentences, so there is one source of truth and a
// translator edits the catalogs only (docs/TRANSLATING.md). A key the
// answer lacks shows as itself, which the pseudo-locale test catches.
//
// The language: the URL's ?lang= first (a shared link opens in its
// language), then the switcher's last choice (localStorage), else none
// asked, and the server picks from the browser's Accept-Language. Every
// API call then names the language the words came in, so problems, variant
// descriptions and explanations match the page.
"use strict";

const LANG_STORE = "igisoro-lang";
const words = {language: "en", asked: "", languages: {}, messages: {}, plurals: null};

// The language asked for ("" for the browser's own).
function askedLanguage() {
  const q = new URLSearchParams(location.search).get("lang");
  if (q) return q;
  try { return localStorage.getItem(LANG_STORE) || ""; } catch { return ""; }
}

// `path` with the page's language as its `lang` parameter, where one was
// asked for; else as it is, and the browser's Accept-Language, which chose
// the page's words, chooses the answers' too.
function withLang(path) {
  if (!words.asked) return path;
  return path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(words.language);
}

// The text of `key`, its `%(name)s` placeholders filled from `vars`; a
// plural message takes the form of `vars.n`'s CLDR category (the browser's
// Intl.PluralRules, the rules Babel serves the forms by).
function tr(key, vars = {}) {
  let m = words.messages[key];
  if (m === undefined) return key;
  if (typeof m === "object") m = m[words.plurals.select(Number(vars.n))] ?? m.other;
  return m.replace(/%\(([a-z_]+)\)s/g, (_, name) => String(vars[name] ?? ""));
}

// A side's name ("south", "north" as the API gives them).
function sideWord(side) { return tr(side === "north" ? "north" : "south"); }

// The page's fixed words: elements marked data-i18n="<key>" (their text;
// data-i18n-args holds the placeholders' values as JSON) and
// data-i18n-<attribute>="<key>" (that attribute).
function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = tr(el.dataset.i18n, el.dataset.i18nArgs ? JSON.parse(el.dataset.i18nArgs) : {});
  }
  for (const attr of ["aria-label", "title"]) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, tr(el.getAttribute(`data-i18n-${attr}`)));
  }
}

// The switcher: the languages the server offers, each in its own name; a
// choice is kept (localStorage, and the URL, so a shared link keeps it) and
// the page opens again in it (the URL's fragment keeps the game shown).
function languageSwitcher() {
  const sel = document.getElementById("lang");
  sel.replaceChildren(...Object.entries(words.languages).map(([code, name]) => new Option(name, code)));
  if (!(words.language in words.languages)) sel.append(new Option(words.language, words.language));
  sel.value = words.language;
  sel.addEventListener("change", () => {
    try { localStorage.setItem(LANG_STORE, sel.value); } catch { /* the URL keeps it */ }
    const url = new URL(location.href);
    url.searchParams.set("lang", sel.value);
    location.assign(url.href);
  });
}

// Fetch the words, then put them on the page (board.js's main awaits it first).
async function loadWords() {
  const asked = askedLanguage();
  const r = await fetch("/v1/board/messages" + (asked ? `?lang=${encodeURIComponent(asked)}` : ""));
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  Object.assign(words, await r.json(), {asked});
  words.plurals = new Intl.PluralRules(words.language);
  document.documentElement.lang = words.language;
  document.title = tr("title");
  translatePage();
  languageSwitcher();
}
