window.strataArchitecture = {"groups":[["Core","tone-0",true],["UI","tone-1",true],["Infrastructure","tone-2",true],["Service","tone-3",true],["Live","tone-4",true],["No layer","tone-none",false]],
"modules":[["App",5,"App.html"]],
"edges":[]};
