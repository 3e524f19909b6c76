/** A project's name (focused first) and optional description, as creating, editing and committing into a new one ask for them. */
export function ProjectFields({
  name,
  setName,
  description,
  setDescription,
  rows = 3,
}: {
  name: string
  setName: (name: string) => void
  description: string
  setDescription: (description: string) => void
  /** The description box's height in lines. */
  rows?: number
}) {
  return (
    <>
      <label className="field">
        <span>Project name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </label>
      <label className="field">
        <span>Description (optional)</span>
        <textarea rows={rows} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
    </>
  )
}
