# %% [markdown]
# # 8 · O fim da partida e a pontuação
#
# A partida termina depois da rodada 20. Cada jogador soma então os PV que ganhou durante a partida e os
# PV da sua posição final:
#
# | o quê | PV |
# |---|---|
# | **Conexões** entre cidades grandes (só a melhor rede) | até 36 |
# | cada **disco no mapa**: os PV impressos na sua cidade | de 0 a 3 cada |
# | cada **Tabela de Projetos**: o último espaço de PV revelado | até 6 / 9 / 12 / 15 |
# | cada **Departamento** construído | 2, ou 3 na linha mais alta |
# | cada **Empregado ativo** (de pé; nem o permanente de Recursos Humanos, nem os que estão em Missão) | 1 cada |
# | cada **Doação** | até 12 cada |
# | um **Marcador de Escolha de Ação** não utilizado (3 e 4 jogadores) | 3 |
#
# Quem tiver mais PV vence. Não há critério de desempate: os jogadores empatados dividem a vitória.
#
# ## Conexões
#
# As cidades grandes são San Francisco (2 pontos de conexão), Chicago, New Orleans e New York (1 ponto
# cada). A sua **rede** é formada pelas cidades onde você tem pelo menos um disco. Quando estradas ligam
# duas ou mais cidades grandes passando só por cidades suas, some os pontos delas e veja o seu *menor*
# nível de transporte entre as regiões dessas cidades grandes (carroça 1, diligência 2, ferrovia 3). Uma
# tabela transforma os dois em PV, de 3 PV (2 pontos no nível da carroça) a 36 PV (as quatro cidades pela
# ferrovia). Só conta o seu melhor grupo de cidades conectadas.

# %%
import networkx as nx
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import render
from carnegie_lab.tutor import Numbers, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"

# %%
# A partida de Ada e Bo no começo da rodada 20: dois robôs jogaram as rodadas 1 a 19 por eles (o
# tutorial 10 mostra como); as ações estão guardadas em carnegie_lab.tutor.endgame.
game = positions.last_round()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Dois robôs jogaram a partida de Ada e Bo até a rodada 20. O passo a passo joga a última rodada e depois
# percorre a pontuação final, um tipo de PV de cada vez. Clique em **Avançar** para jogar um passo e em
# **Voltar** para voltar; *Tente sua própria ação* joga qualquer outra coisa numa cópia (o
# [tutorial 1](01-components-and-setup.ipynb) mostra como usar o passo a passo).

# %%
final = positions.whole_game()          # a mesma partida, até o fim
C = final.components
names = final.players


def per_player(g, category):
    score = g.scores()
    return ", ".join(f"{name} {getattr(score[name], category)} PV" for name in names)


def result_text(g):
    score = g.scores()
    totals = ", ".join(f"**{name}** {score[name].total} PV" for name in names)
    winners = g.winners()
    who = (f"**{winners[0]}** vence." if len(winners) == 1
           else f"Empate: {' e '.join(winners)} dividem a vitória (não há critério de desempate).")
    return (f"A pontuação final: {totals}. {who} Cada barra é dividida nos tipos de PV; os próximos passos "
            "olham um de cada vez.")


def connection_line(g, seat):
    best, name = g.connection(seat), names[seat]
    if best is None:
        return f"- {name} não conecta duas cidades grandes: 0 PV."
    majors = " e ".join(render(C.cities[c].name, LANG) for c in best.majors)
    return (f"- {name} conecta {majors}: {best.points} pontos de conexão no nível de transporte {best.level}, "
            f"**{best.vp} PV**.")


def connection_text(g):
    return ("As cidades sombreadas são a rede do jogador mostrado (escolha outro jogador acima do mapa); a "
            "linha dourada pontilhada é o melhor grupo de cidades conectadas dele.\n\n"
            + "\n".join(connection_line(g, seat) for seat in range(len(names))))


def scored_tabs(g):
    """Os espaços das Tabelas de Projetos que pontuam: em cada tabela, o último espaço de PV revelado."""
    keys = set()
    for seat in range(len(names)):
        for ptype in C.tabs:
            shown = g.tab_spaces(seat, ptype)[:g.tab(seat, ptype).revealed]
            vp_spaces = [k for k, space in enumerate(shown) if space.kind == "vp"]
            if vp_spaces:
                keys.add(f"tab/{seat}/{ptype}/{vp_spaces[-1]}")
    return keys


city_vp = [city.vp for city in C.cities.values()]
best_seat = max(range(len(names)), key=lambda seat: final.scores()[names[seat]].connections)

tour = Stepper(game, [
    Step("A última rodada",
         "Os robôs jogam a rodada 20. Quando ela termina, a partida acaba: ninguém faz mais nenhuma ação, e "
         "a pontuação abaixo é a final.",
         final.actions[len(game.actions):], view="timeline", expect=Numbers({20: lambda g: C.constants.rounds})),
    Step("A pontuação final", result_text, view="scores"),
    Step("Conexões", connection_text, view="network", player=best_seat),
    Step("Discos no mapa",
         lambda g: "Cada disco no mapa pontua os PV impressos ao lado da sua cidade (de 0 a 3): "
                   + per_player(g, "cities") + ".",
         view="map", highlight=set(final.sites_of(0)) | set(final.sites_of(1)),
         expect=Numbers({0: lambda g: min(city_vp), 3: lambda g: max(city_vp)})),
    Step("Tabelas de Projetos",
         lambda g: "Cada Tabela de Projetos pontua os PV do último espaço de PV revelado nela (com um anel): "
                   + per_player(g, "tabs") + ". Uma tabela sem nenhum espaço de PV revelado não pontua.",
         view="tracks", highlight=scored_tabs(final)),
    Step("Departamentos e Empregados",
         lambda g: "Cada Departamento pontua 2 PV, ou 3 PV na linha mais alta da Companhia: "
                   + per_player(g, "departments")
                   + ". Cada Empregado de pé pontua um PV (menos o permanente de Recursos Humanos): "
                   + per_player(g, "employees") + ".",
         view="company", player=0, highlight=set(final.built_tiles(0)),
         expect=Numbers({2: lambda g: C.company.cells["a3"].vp, 3: lambda g: C.company.cells["a4"].vp})),
    Step("Doações",
         lambda g: "Cada Doação pontua o que ela conta, no máximo 12 PV: " + per_player(g, "donations") + ". "
                   "Nos espaços de Bem-Estar que pedem um pagamento, o motor paga com o dinheiro e os bens que "
                   "sobraram do jeito que rende mais PV.",
         view="donations", expect=Numbers({12: lambda g: C.constants.donation_cap})),
], title="A última rodada e a pontuação final", view="timeline",
   intro="A última rodada está para começar. Clique em **Avançar**.", lang=LANG)
tour

# %% [markdown]
# ## Conexões com o networkx
#
# O motor guarda o mapa como um grafo do [networkx](https://networkx.org): as cidades são os nós, as
# estradas são as arestas. Assim, perguntas sobre conexões cabem numa linha.

# %%
G = final.network()
print(G.number_of_nodes(), "cidades,", G.number_of_edges(), "estradas")
print("De Chicago a New York:", " - ".join(nx.shortest_path(G, "chicago", "new_york")))
print("De San Francisco a New Orleans:", len(nx.shortest_path(G, "san_francisco", "new_orleans")) - 1,
      "estradas no mínimo")

# %% [markdown]
# A rede de um jogador é a parte do grafo formada pelas cidades dele (`final.network(seat)`), e cada pedaço
# conectado dela é um grupo de cidades ligadas:

# %%
for seat, name in enumerate(names):
    groups = [sorted(group) for group in nx.connected_components(final.network(seat))]
    print(f"{name}: {len(groups)} grupo{'s' if len(groups) != 1 else ''}", groups)

# %% [markdown]
# `final.connection(seat)` faz o resto: para cada grupo com duas ou mais cidades grandes, soma os pontos
# delas, acha o menor nível de transporte entre as suas regiões e lê a tabela. Aqui está a própria tabela
# e depois uma *hipótese*: os PV que um jogador com ferrovia em todas as regiões ganharia ligando Chicago a
# New York por Pittsburgh.

# %%
for points in (2, 3, 4, 5):
    print(points, "pontos:", [C.connection_table[(points, level)] for level in (1, 2, 3)],
          "PV com carroça, diligência, ferrovia")

group = G.subgraph({"chicago", "pittsburgh", "new_york"})
print("conectadas:", nx.is_connected(group), "->", C.connection_table[(2, 3)], "PV")

# %% [markdown]
# ## Exercícios

# %%
Exercise("Quantos PV **Bo** ganha com conexões no fim desta partida?",
         lambda g: g.scores()["Bo"].connections, final, pinned=9,
         mistakes={6: "Esses são os PV no nível da diligência: veja o menor nível de transporte de Bo entre as "
                      "regiões das cidades grandes que ele conecta.",
                   2: "Esses são os pontos de conexão do grupo dele: a tabela transforma esses pontos em PV."},
         hint="Veja o passo Conexões com a rede de Bo: os pontos e o menor nível, na tabela.",
         code='game.scores()["Bo"].connections', lang=LANG)

# %%
Exercise("Quais cidades grandes estão conectadas no melhor grupo de Bo? (nomes separados por vírgulas, ou "
         "*nenhuma*)",
         lambda g: [render(C.cities[city].name, LANG) for city in g.connection(1).majors], final, kind="set",
         pinned={"Chicago", "New York"},
         mistakes={frozenset({"Chicago", "New York", "Pittsburgh"}): "Pittsburgh liga as duas, mas não é uma "
                                                                      "cidade grande.",
                   frozenset({"New York"}): "Um grupo que pontua conecta duas cidades grandes ou mais.",
                   frozenset({"nenhuma"}): "Veja o passo Conexões: a rede de Bo conecta algumas."},
         code="game.connection(1).majors", lang=LANG)

# %% [markdown]
# ← [7 · Doações](07-donations.ipynb) · [Índice](00-contents.ipynb) ·
# [9 · O jogo solo contra Andrew Carnegie](09-solo-against-andrew.ipynb) →
