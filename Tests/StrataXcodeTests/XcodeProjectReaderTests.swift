import StrataCore
import Testing

@testable import StrataXcode

/// The reader on small projects written inline: one behaviour each. Whole projects of each
/// shape are read end to end by StrataBuildTests' fixture tests.
@Suite struct XcodeProjectReaderTests {
    func read(_ objects: String, targets: String, extra: String = "", projectPath: String = "App.xcodeproj") throws
        -> XcodeProject
    {
        let text = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tROOT = {isa = PBXProject; mainGroup = MAIN; projectDirPath = ""; targets = (\(targets)); \(extra) };
            \t\tMAIN = {isa = PBXGroup; children = (SRC, ); sourceTree = "<group>"; };
            \(objects)
            \t};
            \trootObject = ROOT;
            }
            """
        return try XcodeProjectReader(projectPath: projectPath, rootPath: "/work/repo").read(Array(text.utf8))
    }

    @Test func moduleNamesComeFromBuildSettingsAsXcodeDerivesThem() throws {
        for (settings, expected) in [
            ("", "My_App"),
            ("PRODUCT_NAME = \"$(TARGET_NAME)\";", "My_App"),
            ("PRODUCT_NAME = \"$(TARGET_NAME:c99extidentifier)\";", "My_App"),
            ("PRODUCT_NAME = Shop;", "Shop"),
            ("PRODUCT_NAME = Shop; PRODUCT_MODULE_NAME = ShopKit;", "ShopKit"),
            ("PRODUCT_NAME = \"$(SOME_SETTING)\";", "My_App"),
            ("PRODUCT_NAME = 2048;", "_2048")
        ] {
            let project = try read(
                """
                \t\tSRC = {isa = PBXGroup; children = (); path = App; sourceTree = "<group>"; };
                \t\tT = {isa = PBXNativeTarget; name = "My App"; buildConfigurationList = L; productType = \
                "com.apple.product-type.application"; };
                \t\tL = {isa = XCConfigurationList; buildConfigurations = (D, R, ); defaultConfigurationName = \
                Release; };
                \t\tD = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = Debuggy; }; name = Debug; };
                \t\tR = {isa = XCBuildConfiguration; buildSettings = {\(settings) }; name = Release; };
                """, targets: "T")
            #expect(project.targets.first?.moduleName == expected, "\(settings)")
        }
    }

    /// A target's platform: its SDKROOT (the project's when it has none), else the first
    /// of its SUPPORTED_PLATFORMS that names one (a multiplatform target's SDKROOT is `auto`).
    @Test func platformsComeFromTheSDKOrTheSupportedPlatforms() throws {
        for (project, target, expected) in [
            ("SDKROOT = iphoneos;", "", TargetPlatform.iOS),
            ("SDKROOT = iphoneos;", "SDKROOT = macosx;", .macOS),
            ("", "SDKROOT = appletvos;", .tvOS),
            ("", "SDKROOT = auto; SUPPORTED_PLATFORMS = \"xrsimulator xros iphoneos\";", .visionOS),
            ("", "SDKROOT = driverkit;", nil),
            ("", "", nil)
        ] {
            let read = try read(
                """
                \t\tSRC = {isa = PBXGroup; children = (); path = App; sourceTree = "<group>"; };
                \t\tT = {isa = PBXNativeTarget; name = App; buildConfigurationList = L; productType = \
                "com.apple.product-type.application"; };
                \t\tL = {isa = XCConfigurationList; buildConfigurations = (R, ); defaultConfigurationName = Release; };
                \t\tR = {isa = XCBuildConfiguration; buildSettings = {\(target) }; name = Release; };
                \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PR, ); defaultConfigurationName = \
                Release; };
                \t\tPR = {isa = XCBuildConfiguration; buildSettings = {\(project) }; name = Release; };
                """, targets: "T", extra: "buildConfigurationList = PL;")
            #expect(read.targets.first?.platform?.platform == expected, "\(project) \(target)")
            if expected != nil { #expect(read.targets.first?.platform?.location == read.targets.first?.location) }
        }
    }

    @Test func pathsFollowTheSourceTreeOfEachItem() throws {
        let project = try read(
            """
            \t\tSRC = {isa = PBXGroup; children = (NAMED, ROOTED, ABS, SDK, UP, ); path = App; sourceTree = \
            "<group>"; };
            \t\tNAMED = {isa = PBXGroup; children = (F1, ); name = Support; sourceTree = "<group>"; };
            \t\tF1 = {isa = PBXFileReference; path = A.swift; sourceTree = "<group>"; };
            \t\tROOTED = {isa = PBXFileReference; path = Config/B.swift; sourceTree = SOURCE_ROOT; };
            \t\tABS = {isa = PBXFileReference; path = /work/repo/Shared/C.swift; sourceTree = "<absolute>"; };
            \t\tSDK = {isa = PBXFileReference; path = System/D.swift; sourceTree = SDKROOT; };
            \t\tUP = {isa = PBXFileReference; path = ../Other/E.swift; sourceTree = "<group>"; };
            \t\tT = {isa = PBXNativeTarget; name = App; buildPhases = (S, ); productType = \
            "com.apple.product-type.framework"; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (B1, B2, B3, B4, B5, ); };
            \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
            \t\tB2 = {isa = PBXBuildFile; fileRef = ROOTED; };
            \t\tB3 = {isa = PBXBuildFile; fileRef = ABS; };
            \t\tB4 = {isa = PBXBuildFile; fileRef = SDK; };
            \t\tB5 = {isa = PBXBuildFile; fileRef = UP; };
            """, targets: "T", projectPath: "iOS/App.xcodeproj")
        #expect(
            project.targets.first?.files.map(\.path) == [
                "iOS/App/A.swift", "iOS/Config/B.swift", "Shared/C.swift", "iOS/Other/E.swift"
            ])
        #expect(project.sourceRoot == "iOS")
        #expect(project.targets.first?.productType == .framework)
    }

    @Test func exceptionSetsRemoveFilesFromTheFoldersTargetAndAddThemToOthers() throws {
        let project = try read(
            """
            \t\tSRC = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X1, X2, ); path = App; sourceTree = \
            "<group>"; };
            \t\tX1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, \
            Debug, ); target = APP; };
            \t\tX2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Model/Item.swift, \
            ); target = WIDGET; };
            \t\tAPP = {isa = PBXNativeTarget; name = App; fileSystemSynchronizedGroups = (SRC, ); productType = \
            "com.apple.product-type.application"; };
            \t\tWIDGET = {isa = PBXNativeTarget; name = Widget; productType = "com.apple.product-type.app-extension"; };
            """, targets: "APP, WIDGET")
        let app = try #require(project.targets.first { $0.name == "App" }?.folders.first)
        #expect(app.path == "App")
        #expect(app.contains("Model/Item.swift"))
        #expect(!app.contains("Debug/Log.swift"), "an exception naming a folder takes out what is under it")
        #expect(!app.contains("Info.plist"))
        #expect(app.contains("DebugMenu.swift"), "a folder exception is not a name prefix")
        let widget = try #require(project.targets.first { $0.name == "Widget" }?.folders.first)
        #expect(widget.membership == .only(["Model/Item.swift"]))
        #expect(widget.contains("Model/Item.swift") && !widget.contains("Model/Other.swift"))
        #expect(project.targets.first { $0.name == "Widget" }?.productType == .appExtension)
    }

    @Test func dependenciesOfEveryKindKeepTheirLines() throws {
        let project = try read(
            """
            \t\tSRC = {isa = PBXGroup; children = (OTHER, ); path = App; sourceTree = "<group>"; };
            \t\tOTHER = {isa = PBXFileReference; path = ../Lib/Lib.xcodeproj; sourceTree = "<group>"; };
            \t\tAPP = {isa = PBXNativeTarget; name = App; buildPhases = (FW, );
            \t\t\tdependencies = (
            \t\t\t\tDEP1,
            \t\t\t\tDEP2,
            \t\t\t\tDEP3,
            \t\t\t);
            \t\t\tpackageProductDependencies = (
            \t\t\t\tPROD,
            \t\t\t\tPLUG,
            \t\t\t);
            \t\t\tproductType = "com.apple.product-type.application"; };
            \t\tKIT = {isa = PBXNativeTarget; name = Kit; productReference = KITFW; productType = \
            "com.apple.product-type.framework"; };
            \t\tKITFW = {isa = PBXFileReference; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tFW = {isa = PBXFrameworksBuildPhase; files = (LINK, ); };
            \t\tLINK = {isa = PBXBuildFile; fileRef = KITFW; };
            \t\tDEP1 = {isa = PBXTargetDependency; target = KIT; };
            \t\tDEP2 = {isa = PBXTargetDependency; targetProxy = PROXY; };
            \t\tPROXY = {isa = PBXContainerItemProxy; containerPortal = OTHER; remoteInfo = LibCore; };
            \t\tDEP3 = {isa = PBXTargetDependency; productRef = PLUG; };
            \t\tPROD = {isa = XCSwiftPackageProductDependency; package = PKG; productName = Collections; };
            \t\tPLUG = {isa = XCSwiftPackageProductDependency; productName = "plugin:Lint"; };
            \t\tPKG = {isa = XCRemoteSwiftPackageReference; repositoryURL = \
            "https://github.com/apple/swift-collections"; };
            """, targets: "APP, KIT", extra: "packageReferences = (PKG, );")
        let app = try #require(project.targets.first { $0.name == "App" })
        #expect(
            app.dependencies.map(\.kind) == [
                .linkedTarget("Kit", project: nil), .target("Kit", project: nil), .target("LibCore", project: "Lib"),
                .product(
                    "Collections",
                    package: XcodePackageReference(
                        source: .remote("https://github.com/apple/swift-collections"),
                        location: project.packages[0].location))
            ])
        #expect(app.dependencies.map(\.location.line) == [21, 10, 11, 15])
    }

    @Test func aLinkedProductOfAnotherProjectIsADependencyOnItsTarget() throws {
        let project = try read(
            """
            \t\tSRC = {isa = PBXGroup; children = (LIB, ); path = App; sourceTree = "<group>"; };
            \t\tLIB = {isa = PBXFileReference; lastKnownFileType = "wrapper.pb-project"; path = \
            ../Lib/KeychainAccess.xcodeproj; sourceTree = "<group>"; };
            \t\tAPP = {isa = PBXNativeTarget; name = App; buildPhases = (FW, ); productType = \
            "com.apple.product-type.application"; };
            \t\tFW = {isa = PBXFrameworksBuildPhase; files = (LINK, ); };
            \t\tLINK = {isa = PBXBuildFile; fileRef = REFPROXY; };
            \t\tREFPROXY = {isa = PBXReferenceProxy; fileType = wrapper.framework; path = KeychainAccess.framework; \
            remoteRef = CONTAINER; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tCONTAINER = {isa = PBXContainerItemProxy; containerPortal = LIB; proxyType = 2; remoteGlobalIDString \
            = X; remoteInfo = "KeychainAccess-iOS"; };
            """, targets: "APP")
        #expect(
            project.targets.first?.dependencies.map(\.kind) == [
                .linkedTarget("KeychainAccess-iOS", project: "KeychainAccess")
            ])
    }

    @Test func danglingReferencesAreWarningsNotCrashes() throws {
        let project = try read(
            """
            \t\tSRC = {isa = PBXGroup; children = (NOWHERE, ); path = App; sourceTree = "<group>"; };
            \t\tT = {isa = PBXNativeTarget; name = App; buildPhases = (GONE, ); productType = \
            "com.apple.product-type.application"; };
            """, targets: "T, MISSING")
        #expect(project.targets.map(\.name) == ["App"])
        #expect(
            project.diagnostics.map(\.ruleID) == [
                "xcode.dangling-reference", "xcode.dangling-reference", "xcode.dangling-reference"
            ])
        #expect(project.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func aPropertyListThatIsNotAProjectIsAnError() throws {
        #expect {
            _ = try XcodeProjectReader(projectPath: "App.xcodeproj", rootPath: "/").read(
                Array("{ objects = { }; }".utf8))
        } throws: { error in
            (error as? Diagnostic)?.description
                == "App.xcodeproj/project.pbxproj:1:1: error: this file has no PBXProject object (its rootObject), "
                + "so it is not an Xcode project file [xcode.invalid-project]"
        }
    }
}
