import type { ZodType } from 'zod';
import { openApiForms, portablePatterns, requestExamples } from './openapi-forms';
import { lineText, multiLinePattern, multiLineText, singleLinePattern, wellFormedPattern } from './text';

// The API description's forms stand in for the rules, so each must mean what its rule means.

/** Every UTF-16 code unit, alone and between letters, plus a surrogate pair. */
const samples = [
  ...Array.from({ length: 0x10000 }, (_, unit) => String.fromCharCode(unit)).flatMap((c) => [c, `a${c}b`]),
  '😀',
  'a😀b',
  '\ud83d\ude00\ud83d',
];

describe('the portable text patterns', () => {
  it.each([
    ['one line', singleLinePattern, lineText()],
    ['several lines', multiLinePattern, multiLineText()],
  ])('accept exactly what %s accepts, read with or without the u flag', (_name, rule, schema) => {
    const form = portablePatterns.get(rule.source)!;
    const wellFormed = portablePatterns.get(wellFormedPattern.source)!;
    for (const flags of ['', 'u']) {
      const [described, paired] = [new RegExp(form, flags), new RegExp(wellFormed, flags)];
      const disagree = samples.filter(
        (text) => (described.test(text) && paired.test(text)) !== (schema as ZodType).safeParse(text).success,
      );
      expect({ flags, disagree: disagree.slice(0, 5).map((s) => escape(s)) }).toEqual({ flags, disagree: [] });
    }
  });

  it('use no Unicode property escape', () => {
    for (const form of portablePatterns.values()) expect(form).not.toMatch(/\\[pP]\{/);
  });
});

describe('the hand-made forms and the request examples', () => {
  it('each example passes the schema it stands for', () => {
    const refused = [...openApiForms].flatMap(([schema, form]) =>
      form.examples.filter((example) => !(schema as ZodType).safeParse(example).success),
    );
    for (const [schema, example] of requestExamples) {
      const result = (schema as ZodType).safeParse(example);
      if (!result.success) refused.push(`${JSON.stringify(example)}: ${result.error.message}`);
    }
    expect(refused).toEqual([]);
  });

  it("each form's pattern accepts its examples without the u flag", () => {
    for (const form of openApiForms.values())
      for (const example of form.examples) expect(new RegExp(form.pattern).test(example)).toBe(true);
  });
});

const escape = (text: string) => JSON.stringify(text);
