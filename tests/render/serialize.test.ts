/**
 * The JSON state block must survive any content: a `</script>`, `<!--` or U+2028 inside a
 * product description cannot end the data block or turn into markup, and parsing restores it.
 */
import { serializeForScript } from '../../server/render/serialize';

const hostile = {
  title: '</script><script>alert(1)</script>',
  comment: '<!-- <script>',
  separators: 'line\u2028para\u2029end',
  amp: 'Tom & Jerry > Spike',
  nested: [{ html: '</SCRIPT >' }],
};

describe('serializeForScript', () => {
  const json = serializeForScript(hostile);

  it('leaves no character that could close or open markup inside a script element', () => {
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json.toLowerCase()).not.toContain('</script');
    expect(json).not.toContain('<!--');
  });

  it('round-trips through JSON.parse unchanged', () => {
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('stays one data block when embedded in a document', () => {
    const html = `<script type="application/json" id="__STATE__">${json}</script>`;
    // The only closing tag is the real one at the end.
    expect(html.toLowerCase().indexOf('</script')).toBe(html.length - '</script>'.length);
  });
});
