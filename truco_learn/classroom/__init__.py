"""Assignments, progress and trustworthy results (no widgets here).

- :mod:`.assignment`: the settings and the short assignment code that carries them.
- :mod:`.store`: progress in SQLite or PostgreSQL, one transaction per answer.
- :mod:`.session`: a student's side of an assignment.
- :mod:`.results`: the results file a student downloads.
- :mod:`.grading`: regrading results files, flags and class figures.
- :mod:`.grades_csv`: the grades as CSV (headers, status words, cells that run no formula).
"""

from .assignment import Assignment, AssignmentCodeError, parse_lessons
from .grading import (ClassGrades, StudentGrade, grade_documents, grade_paths, grade_store,
                      grade_uploads)
from .results import ResultsFileError, build_results, parse_results_bytes
from .session import AssignmentSession, LessonProgress
from .store import ProgressStore, StoreError, default_db_path

__all__ = ["Assignment", "AssignmentCodeError", "AssignmentSession", "ClassGrades",
           "LessonProgress", "ProgressStore", "ResultsFileError", "StoreError", "StudentGrade",
           "build_results", "default_db_path", "grade_documents", "grade_paths",
           "grade_store", "grade_uploads", "parse_lessons", "parse_results_bytes"]
