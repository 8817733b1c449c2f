//! Two independent computations: on two threads with the `parallel` feature (rayon's `join`), one
//! after the other without it. Used by the circuit and inner-product provers; their results do
//! not depend on the feature.

/// `(a(), b())`, possibly in parallel.
pub(crate) fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}
