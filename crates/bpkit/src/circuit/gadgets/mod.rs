//! Gadgets: reusable pieces of circuits written against [`super::ConstraintSystem`].
