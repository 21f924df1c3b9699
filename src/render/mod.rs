//! Pictures of boards and reports.
