window.strataArchitecture = {"groups":[["Core","tone-0",true],["Providers","tone-1",true],["Components","tone-2",true],["Modules","tone-3",true],["Root","tone-4",true],["No layer","tone-none",false]],
"modules":[["PuddlesApp",5,"PuddlesApp.html"],
["Numbers",0,"Numbers.html"],
["Models",0,"Models.html"]],
"edges":[[0,1,2,"declared-and-imported",[],0,[["Package.swift:11:105",".product(name: \"Numbers\", package: \"Core\")"],["Sources/PuddlesApp/Components/FactOfTheDayView.swift:2:1","import Numbers"],["Sources/PuddlesApp/Providers/NumberFactProvider.swift:3:1","import Numbers"]],3],
[0,2,4,"declared-and-imported",[],0,[["Package.swift:11:62",".product(name: \"Models\", package: \"Core\")"],["Sources/PuddlesApp/Components/FactOfTheDayView.swift:1:1","import Models"],["Sources/PuddlesApp/Components/NumberFactView.swift:1:1","import Models"],["Sources/PuddlesApp/Modules/NumbersExample.swift:1:1","import Models"],["Sources/PuddlesApp/Providers/NumberFactProvider.swift:2:1","import Models"]],5],
[1,2,1,"declared-and-imported",[],0,[["Core/Package.swift:12:49","dependency \"Models\""],["Core/Sources/Numbers/Numbers.swift:1:1","import Models"]],2]]};
