//! Which products offer an instruction and with which element types (docs/semantics.md §9
//! row 29), from the catalog's tables; and when two products simulate every program alike.

use super::catalog::{DTypes, Family, Op};
use super::dtype::DType;
use super::product::Product;

impl Op {
    /// Element types `product` accepts in every form.
    pub fn dtypes(self, product: Product) -> DTypes {
        DTypes(self.table().get(product).0)
    }

    /// Element types `product` accepts only in the count form.
    pub fn count_only_dtypes(self, product: Product) -> DTypes {
        DTypes(self.table().get(product).1)
    }

    /// Whether `product` offers this API at all (docs/semantics.md §9 row 29).
    pub fn available_on(self, product: Product) -> bool {
        match self.family() {
            Family::MaskReg => self == Op::SetVectorMask || product.profile().counter_mode_apis,
            Family::Atomic => {
                matches!(self, Op::DisableDmaAtomic | Op::SetAtomicNone)
                    || !self.dtypes(product).is_empty()
            }
            Family::ScalarUnit | Family::Sync => match self {
                Op::GetReduceRepeatSumSpr => product.profile().reduce_sum_spr,
                Op::GetReduceRepeatMaxMinSpr => {
                    product.profile().max_min_spr != crate::base::product::MaxMinSpr::None
                }
                Op::GetCmpMask | Op::SetCmpMask => product.profile().cmp_mask_reg,
                _ => true,
            },
            _ => {
                !self.dtypes(product).is_empty()
                    || !self.count_only_dtypes(product).is_empty()
                    || !self.pairs(product).is_empty()
            }
        }
    }

    /// The products that offer this API, for messages.
    pub fn products_offering(self) -> Vec<Product> {
        Product::ALL
            .into_iter()
            .filter(|p| self.available_on(*p))
            .collect()
    }
}

impl Product {
    /// Whether `self` and `other` simulate every program alike because their data is the
    /// same: the profile (but for its names) and every instruction's availability, dtype and
    /// pair tables and comparison modes. Then one run stands for both (`diff`).
    pub fn same_data(self, other: Product) -> bool {
        let (a, b) = (self.profile(), other.profile());
        let renamed = crate::base::product::Profile {
            product: a.product,
            key: a.key,
            name: a.name,
            ..*b
        };
        *a == renamed
            && Op::ALL.iter().all(|&op| {
                op.available_on(self) == op.available_on(other)
                    && op.dtypes(self) == op.dtypes(other)
                    && op.count_only_dtypes(self) == op.count_only_dtypes(other)
                    && op.pairs(self) == op.pairs(other)
                    && DType::ALL
                        .iter()
                        .all(|&d| op.cmp_modes(self, d) == op.cmp_modes(other, d))
            })
    }
}
