// The one function of js-yaml the tests use (it ships no types): reading action.yml.
declare module "js-yaml" {
  /** Parses one YAML document. */
  export function load(text: string): unknown;
}
