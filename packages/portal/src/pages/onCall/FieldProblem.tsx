/** What the cloud said of one field, under it (the field points here with aria-describedby); nothing when all is well. */
export function FieldProblem({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <span id={id} className="form-error oncall-field__problem" data-testid="field-problem">
      {text}
    </span>
  );
}
