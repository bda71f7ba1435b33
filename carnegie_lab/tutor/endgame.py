"""Ada and Bo's whole game for notebooks 8 and 10: every action after the setup (``positions.SETUP``) to the
end of round 20, as two greedy bots played it when the tutorials were written (``GreedyBot(seed=34)`` for
Ada, ``GreedyBot(seed=134)`` for Bo). It is stored rather than played again, so the tutorials' numbers stay
put when the bots learn to play better.
"""

#: The actions of rounds 1 to 20, in notation.
ACTIONS = (
    "choose MG", "donate welfare_employees", "donate welfare_goods", "cf money", "cf money", "cf money",
    "sp recruiting a4", "cf goods to west", "done", "choose HR", "income 1", "hr", "move b1 c1", "move b1 c1",
    "move b1 b2", "move c1 d1", "move d1 c1", "done", "activate b2", "activate c1", "activate c1", "hr", "done",
    "choose MG", "sp engineering b4", "cf money", "cf money", "cf money", "cf money", "done", "choose CO",
    "co C new_york", "co I chicago", "choose MG", "cf money", "cf money", "cf money", "cf goods to west", "done",
    "choose RD", "income 1", "rd", "track midwest", "track east", "rd", "track midwest", "tab H", "tab H", "tab H",
    "choose MG", "donate education_dept_any", "donate welfare_7vp", "cf money", "cf money", "cf money", "done",
    "choose RD", "income 1", "rd", "track midwest", "track south", "rd", "tab H", "tab H", "tab H", "track south",
    "choose MG", "donate education_dept_mg", "cf goods", "cf goods", "sp logistics c4", "sp design a4", "done",
    "choose RD", "income 1", "rd", "track south", "tab H", "rd", "tab C", "tab I", "choose MG", "cf goods",
    "cf goods", "sp training d4", "sp logistics b4", "done", "sell", "choose RD", "rd", "tab H", "tab H", "tab H",
    "tab H", "rd", "tab I", "tab C", "choose MG", "cf goods", "cf goods", "sp advresearch a3", "done", "choose RD",
    "rd", "tab H", "tab C", "rd", "tab I", "tab I", "choose MG", "cf goods", "cf goods", "sp outsourcing b3",
    "done", "choose RD", "rd", "tab C", "tab C", "rd", "tab I", "tab I", "choose MG", "cf goods", "cf goods",
    "sp design c3", "done", "choose MG", "done", "cf goods", "cf goods", "sp charity d3", "choose MG", "cf goods",
    "cf goods", "sp telegraph a2", "done", "choose RD", "rd", "tab C", "tab C", "rd", "tab C", "tab C",
)
