// A Vite plugin for the extension's build: lit-html builds each template's <template> element
// with DOMParser instead of `innerHTML`.
//
// lit-html parses a template's own static strings (never its values, which it sets as text or
// properties) into a <template> once, by assigning them to `innerHTML`. Both ways parse into an
// inert document: no script runs, nothing loads. DOMParser is the way Mozilla's review guidelines
// ask extensions to parse markup, and it leaves the Firefox build with no `innerHTML` at all, so
// `web-ext lint` has nothing to warn about (docs/store.md, "Reviewer notes"). The dashboard, which
// is no extension, keeps lit-html as published.

/** lit-html 3's minified `Template.createElement`, exactly: a new lit-html must be looked at again. */
const CREATE_ELEMENT =
  /static createElement\((\w+),(\w+)\)\{const (\w+)=(\w+)\.createElement\("template"\);return \3\.innerHTML=\1,\3\}/;

/** The same element, parsed by DOMParser: the markup string lit-html built, inside a <template>. */
function parsedTemplate(_match, markup, options) {
  return `static createElement(${markup},${options}){return new DOMParser().parseFromString("<template>"+${markup}+"</template>","text/html").querySelector("template")}`;
}

export function litTemplateParser() {
  return {
    name: 'lit-template-parser',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]lit-html[\\/]lit-html\.js$/.test(id)) return null;
      if (!CREATE_ELEMENT.test(code)) {
        throw new Error(
          'lit-template-parser: lit-html changed its Template.createElement; read it and update scripts/lit-template-parser.mjs',
        );
      }
      return { code: code.replace(CREATE_ELEMENT, parsedTemplate), map: null };
    },
  };
}
