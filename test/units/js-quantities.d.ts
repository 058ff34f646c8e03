/** Minimal typing of js-quantities (a devDependency used only as a test oracle; it ships no types). */
declare module "js-quantities" {
  interface Quantity {
    scalar: number;
    to(unit: string): Quantity;
  }
  function Qty(input: string): Quantity;
  export default Qty;
}
