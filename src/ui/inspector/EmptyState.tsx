export function EmptyState({ text }: { text: string }) {
  return (
    <div className="inspector-empty" role="status">
      <p>{text}</p>
    </div>
  )
}
