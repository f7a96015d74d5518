import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.module(name: "Feature", dependencies: [
    .core,
    .external(name: "Collections"),
])
