import ProjectDescription

extension TargetDependency {
    public static let core: TargetDependency = .project(target: "Core", path: .relativeToRoot("Projects/Core"))
}
