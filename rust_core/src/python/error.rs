//! Core errors as Python exceptions: the binding's one place that maps a
//! kind of [`Error`] to an exception class. Its own file so that both the
//! calls ([`super`]) and the conversions ([`super::convert`]) can raise
//! without importing each other.

use crate::error::{Error, ErrorValue};
use crate::game::PlayError;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

/// The Python exception of each kind of core error (one exhaustive match;
/// the classes are `igisoro.errors`'), with the attributes `field`, `pit`,
/// `value` and `path` set from [`Error::parts`] (None where they do not apply).
pub(super) fn to_py_err(e: Error) -> PyErr {
    let (msg, parts) = (e.to_string(), e.parts());
    let class = match e {
        Error::UnknownVariant(_) => "UnknownVariantError",
        Error::Position(_) => "InvalidPositionError",
        Error::Notation { .. } | Error::MoveSyntax(_) => "InvalidNotationError",
        Error::Play { err: PlayError::Interrupted, .. } | Error::Timeout { .. } => "EngineTimeoutError",
        Error::Play { .. } => "IllegalMoveError",
        Error::Arrangement { .. } => "ArrangementError",
        Error::Limit(_) => "InvalidLimitError",
    };
    Python::attach(|py| {
        let exc = py.import("igisoro.errors")?.getattr(class)?.call1((msg,))?;
        let value = match parts.value {
            None => None,
            Some(ErrorValue::Int(n)) => Some(n.into_bound_py_any(py)?),
            Some(ErrorValue::Text(t)) => Some(t.into_bound_py_any(py)?),
        };
        exc.setattr("field", parts.field)?;
        exc.setattr("pit", parts.pit)?;
        exc.setattr("value", value)?;
        exc.setattr("path", parts.path)?;
        if let Some(code) = parts.code {
            exc.setattr("code", code)?;
        }
        Ok(PyErr::from_value(exc))
    })
    .unwrap_or_else(|e: PyErr| e)
}
