// Settings kept in this browser: language, theme, symbols on tiles, reduced motion, sound.

const KEY = "kashi.settings";
export const LANGUAGES = { en: "English", fa: "فارسی", tr: "Türkçe" };
const RIGHT_TO_LEFT = new Set(["fa"]);

function defaults() {
  const preferred = (navigator.language || "en").slice(0, 2);
  return {
    lang: preferred in LANGUAGES ? preferred : "en",
    theme: window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light",
    symbols: true,
    reducedMotion: window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false,
    sound: true, // the turn's chime; the settings dialog switches it off
  };
}

export function loadSettings() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    stored = {};
  }
  const settings = { ...defaults(), ...stored };
  if (!(settings.lang in LANGUAGES)) settings.lang = "en";
  return settings;
}

export function saveSettings(settings) {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

/** Reflect the settings on <html>: language and direction, theme, motion. */
export function applySettings(settings) {
  const root = document.documentElement;
  root.lang = settings.lang;
  root.dir = RIGHT_TO_LEFT.has(settings.lang) ? "rtl" : "ltr";
  root.dataset.theme = settings.theme;
  root.classList.toggle("reduced-motion", Boolean(settings.reducedMotion));
}
