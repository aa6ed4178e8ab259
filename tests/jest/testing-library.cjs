// Component tests (jsdom): testing-library's findBy*/waitFor wait up to 5 s for their condition
// instead of 1 s. Under a loaded machine the first lazily imported chunk of a test file (a dialog,
// the cart's pricing) is transformed and loaded in more than a second; the tests waited for the
// right thing and failed on the clock. Node tests do not load testing-library.
if (typeof document !== 'undefined') {
  require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
}
