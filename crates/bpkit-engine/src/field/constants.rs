//! Curve and Ristretto constants as reduced limbs (radix 2⁵¹). Each is checked against its
//! definition with big integers in tests/field.rs.

use super::Fe;

/// d = −121665/121666, the Edwards curve constant.
pub const EDWARDS_D: Fe = Fe([
    929955233495203,
    466365720129213,
    1662059464998953,
    2033849074728123,
    1442794654840575,
]);

/// 2·d.
pub const EDWARDS_D2: Fe = Fe([
    1859910466990425,
    932731440258426,
    1072319116312658,
    1815898335770999,
    633789495995903,
]);

/// √−1 (the non-negative one, 2^((p−1)/4)).
pub const SQRT_M1: Fe = Fe([
    1718705420411056,
    234908883556509,
    2233514472574048,
    2117202627021982,
    765476049583133,
]);

/// RFC 9496's INVSQRT_A_MINUS_D = 1/√(a − d).
pub const INVSQRT_A_MINUS_D: Fe = Fe([
    278908739862762,
    821645201101625,
    8113234426968,
    1777959178193151,
    2118520810568447,
]);
