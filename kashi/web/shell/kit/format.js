// The board kit's words: a table's texts, numbers and colour names in the chosen language, over
// what the shell gives a renderer (ctx.t, ctx.num, ctx.colourName). Pure: ctx is all it reads.

/** A table's words. `sep` is the catalogue key of the language's list separator; `plus` the key
 * of a positive number's sign ("+{n}"), if the table writes one. */
export function words(ctx, { sep, plus } = {}) {
  const t = (key, params) => ctx.t(key, params);
  const num = (n) => ctx.num(n);
  const colour = (letter) => ctx.colourName(letter);
  const list = (items) => items.join(t(sep));
  const isolate = ctx.isolate || ((text) => text);
  return {
    t,
    num,
    colour,
    list,
    /** A number with its sign when above zero: "+3", "0", "-2" in the language's digits, kept
     * left to right in right-to-left text (else "+6" reads "6+" beside the log's "+6"). */
    signed: (n) => (n > 0 ? isolate(plus ? t(plus, { n: num(n) }) : `+${num(n)}`) : n < 0 ? isolate(num(n)) : num(n)),
    /** A label as the hint's suggested move is named: "<label>, suggested by the hint". */
    hinted: (hint, label) => (hint ? t("ui.hint.marked", { label }) : label),
    /** "2 blue, 1 red": the colours with a count above zero, in the given order. */
    counts: (letters, counts, key) =>
      list(
        letters.flatMap((letter, i) => (counts[i] ? [t(key, { count: num(counts[i]), colour: colour(letter) })] : [])),
      ),
  };
}
