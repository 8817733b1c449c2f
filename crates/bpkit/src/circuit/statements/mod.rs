//! Ready-made statements: circuits with their public inputs, ready to prove and verify.
