import ProjectDescription

let workspace = Workspace(name: "Shelf", projects: ["Projects/**"])
