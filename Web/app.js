// A placeholder until the page's real script lands: lists the top page's rows as text.
const main = document.getElementById("sections");
const response = await fetch("/api/page");
const page = await response.json();
document.getElementById("title").textContent = page.title;
for (const section of page.sections) {
  const element = document.createElement("section");
  if (section.header) {
    const header = document.createElement("h2");
    header.textContent = section.header;
    element.append(header);
  }
  for (const row of section.items) {
    const line = document.createElement("p");
    line.textContent = row.title + (row.shown !== undefined ? ": " + row.shown : "");
    element.append(line);
  }
  main.append(element);
}
