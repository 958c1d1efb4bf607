-- The courseware and the exam before copy trading (server/course/, docs/courseware.md).
--
-- A lesson view is one row per user and lesson: opened_at is the server's instant of the last
-- course/open while the lesson was not yet studied (opening it again restarts the clock);
-- completed_at is set once, by course/complete, and then the row never changes again. The
-- minimum in force at completion is kept beside it, so the database itself checks that the
-- lesson was open strictly longer than that minimum.
CREATE TABLE course_lesson_views (
  user_id           bigint NOT NULL REFERENCES users (id),
  lesson_id         text NOT NULL CHECK (lesson_id ~ '^[a-z][a-z0-9_]{0,63}$'),
  opened_at         timestamptz NOT NULL,
  completed_at      timestamptz,
  required_seconds  integer CHECK (required_seconds BETWEEN 1 AND 3600),
  PRIMARY KEY (user_id, lesson_id),
  CHECK ((completed_at IS NULL) = (required_seconds IS NULL)),
  CHECK (completed_at IS NULL OR completed_at > opened_at + make_interval(secs => required_seconds))
);

CREATE FUNCTION course_lesson_views_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'course_lesson_views: a lesson view is never deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.lesson_id <> OLD.lesson_id THEN
    RAISE EXCEPTION 'course_lesson_views: its identity cannot change' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.completed_at IS NOT NULL THEN
    RAISE EXCEPTION 'course_lesson_views: lesson % of user % is studied and final', OLD.lesson_id, OLD.user_id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER course_lesson_views_guarded BEFORE UPDATE OR DELETE ON course_lesson_views
  FOR EACH ROW EXECUTE FUNCTION course_lesson_views_guard();
CREATE TRIGGER course_lesson_views_no_truncate BEFORE TRUNCATE ON course_lesson_views
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

-- An exam attempt: the questions drawn (in the order shown), then, once, the answers (the chosen
-- option of each question, in the same order), the answer key it was graded with, the count of
-- right answers and whether it passed by the exclusive pass mark (correct × 100 > pass_mark ×
-- total). An attempt not submitted by expires_at stays unsubmitted for good (it expired).
-- Attempts are never deleted; a graded one never changes.
CREATE TABLE course_exam_attempts (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id),
  question_ids  text[] NOT NULL CHECK (cardinality(question_ids) BETWEEN 1 AND 50),
  total         smallint NOT NULL,
  pass_mark     smallint NOT NULL CHECK (pass_mark BETWEEN 0 AND 100),
  started_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL CHECK (expires_at > started_at),
  submitted_at  timestamptz,
  answers       jsonb,
  answer_key    jsonb,
  correct       smallint,
  passed        boolean,
  CHECK (total = cardinality(question_ids)),
  CHECK ((submitted_at IS NULL) = (answers IS NULL)
     AND (submitted_at IS NULL) = (answer_key IS NULL)
     AND (submitted_at IS NULL) = (correct IS NULL)
     AND (submitted_at IS NULL) = (passed IS NULL)),
  CHECK (submitted_at IS NULL OR (submitted_at >= started_at AND submitted_at <= expires_at)),
  CHECK (answers IS NULL OR (jsonb_typeof(answers) = 'array' AND jsonb_array_length(answers) = total)),
  CHECK (answer_key IS NULL OR (jsonb_typeof(answer_key) = 'array' AND jsonb_array_length(answer_key) = total)),
  CHECK (correct IS NULL OR correct BETWEEN 0 AND total),
  -- Passed only when submitted, and only by the exclusive pass mark, in integers.
  CHECK (passed IS NULL OR passed = (correct * 100 > pass_mark * total))
);
CREATE INDEX course_exam_attempts_by_user ON course_exam_attempts (user_id, id DESC);
CREATE INDEX course_exam_attempts_passed ON course_exam_attempts (user_id) WHERE passed;

CREATE FUNCTION course_exam_attempts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'course_exam_attempts: an attempt is never deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.submitted_at IS NOT NULL THEN
    RAISE EXCEPTION 'course_exam_attempts: attempt % is graded and final', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.question_ids <> OLD.question_ids OR NEW.total <> OLD.total
     OR NEW.pass_mark <> OLD.pass_mark OR NEW.started_at <> OLD.started_at OR NEW.expires_at <> OLD.expires_at THEN
    RAISE EXCEPTION 'course_exam_attempts: attempt % keeps its questions and times', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER course_exam_attempts_guarded BEFORE UPDATE OR DELETE ON course_exam_attempts
  FOR EACH ROW EXECUTE FUNCTION course_exam_attempts_guard();
CREATE TRIGGER course_exam_attempts_no_truncate BEFORE TRUNCATE ON course_exam_attempts
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
