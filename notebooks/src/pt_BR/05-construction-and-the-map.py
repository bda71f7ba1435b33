# %% [markdown]
# # 5 · Construção, o mapa e as Missões
#
# A Construção põe os seus projetos no mapa: eles valem PV no fim, rendem receita durante a partida e ligam
# cidades numa rede (tutorial 8).
#
# ## O mapa
#
# As 32 cidades são ligadas por estradas. Cada cidade tem **espaços de construção**:
#
# - uma **cidade pequena** tem um espaço, que aceita qualquer tipo de projeto;
# - uma **cidade média** tem três espaços e uma **cidade grande**, cinco, cada um marcado com o tipo de
#   projeto que aceita: **H**abitação, **C**omércio, **I**ndústria ou Infraestrutura **P**ública.
#
# O hexágono ao lado de uma cidade mostra quantos PV cada disco ali vale no fim (de 0 a 3).
#
# ## Construir um projeto
#
# Cada Empregado de pé na Construção constrói um projeto:
#
# 1. o Empregado parte numa **Missão** para a região da cidade (e só pode voltar num evento de receita
#    dessa região);
# 2. você paga **bens**: 1 por Habitação ou Comércio, 2 por Indústria ou Infraestrutura Pública;
# 3. o disco que espera na Tabela de Projetos daquele tipo vai para a cidade, no espaço livre mais à
#    esquerda desse tipo.
#
# Você só pode construir um tipo de projeto se houver um disco esperando na tabela dele: Pesquisa e
# Desenvolvimento põe discos novos ali (tutorial 6). Treze das cidades pequenas pagam na hora a receita de
# transporte da sua região quando você constrói nelas (passe o mouse sobre uma cidade no mapa para saber se
# ela paga). Depois da construção, o espaço da tabela que o disco deixou mostra uma receita, que você
# recebe em todo evento de receita em que trouxer alguém de volta.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import Numbers, gain, loss, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"
tr = translator(LANG)

# %%
# A partida de Ada e Bo do tutorial 1, logo depois da preparação (as suas ações são positions.SETUP).
game = positions.after_setup()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Clique em **Avançar** para jogar um passo e em **Voltar** para voltar; *Tente sua própria ação* joga
# qualquer outra coisa numa cópia (o [tutorial 1](01-components-and-setup.ipynb) mostra como usar o passo
# a passo).

# %%
C = game.components
ADA_GOODS, ADA_MONEY = (lambda g: g.goods(0)), (lambda g: g.money(0))

tour = Stepper(game, [
    Step("Ada escolhe Construção",
         "Rodada 1: Ada escolhe a linha **CO**. O evento (receita no Sul) não afeta ninguém.",
         ["choose CO"], view="timeline", expect=Numbers({1: lambda g: g.round})),
    Step("Projetos esperando nas tabelas",
         "Antes de construir, olhe as Tabelas de Projetos: cada jogador tem um disco esperando na tabela "
         "de Comércio e outro na de Indústria. Os discos de Habitação já estão no mapa (as casas da "
         "preparação), e a tabela de Infraestrutura Pública começa sem nenhum disco.",
         view="tracks", highlight={"tab/0/C/0", "tab/0/I/0"}),
    Step("Uma cidade pequena: Cincinnati",
         "Ada constrói o projeto de Comércio em Cincinnati, uma cidade pequena do Centro-Oeste. Ela paga "
         "1 bem, o Empregado dela parte numa Missão para o Centro-Oeste, e Cincinnati paga na hora a sua "
         "receita de transporte: $1, o valor da trilha do Centro-Oeste de Ada.",
         ["co C cincinnati"], view="map",
         expect=Numbers({1: (loss(ADA_GOODS), gain(ADA_MONEY),
                             lambda g: C.tracks["midwest"].spaces[g.track_space(0, "midwest")].income.money)})),
    Step("Uma cidade grande: Chicago",
         "O outro Empregado dela na Construção constrói o projeto de Indústria em Chicago, ao lado da casa "
         "dela: 2 bens e mais uma Missão para o Centro-Oeste. O disco ocupa o espaço de Indústria livre "
         "mais à esquerda.",
         ["co I chicago"], view="map", expect=Numbers({2: loss(ADA_GOODS)})),
    Step("Dois Empregados fora",
         "A Companhia de Ada: os dois Empregados da Construção estão em Missão no Centro-Oeste, e o "
         "Departamento de Construção dela ficou vazio. Eles voltam quando a Linha do Tempo acionar "
         "*Receber Receita no Centro-Oeste*.",
         view="company", player=0, highlight={"midwest", "c1"},
         expect=Numbers({2: lambda g: g.on_mission(0, "midwest")})),
    Step("As tabelas depois da construção",
         "Os discos saíram das tabelas de Comércio e de Indústria de Ada: os espaços que eles descobriram "
         "mostram agora a receita que esses projetos rendem em cada evento de receita.",
         view="tracks", highlight={"tab/0/C/0", "tab/0/I/0"}),
    Step("Bo constrói em Pittsburgh",
         "Bo tem um Empregado de pé na Construção: ele constrói um projeto de Comércio em Pittsburgh, ao "
         "lado da casa de Bo, e parte para o Leste.",
         ["co C pittsburgh"], view="map", expect=Numbers({1: lambda g: g.on_mission(1, "east")})),
], title="Uma rodada de Construção", view="map",
   intro="O mapa depois da preparação: a casa de Ada em Chicago, a de Bo em Pittsburgh e os discos neutros "
         "cinza. Clique em **Avançar**.", lang=LANG)
tour

# %% [markdown]
# O que Ada poderia construir no começo do turno? Agrupando as ações legais dela por tipo de projeto, vemos
# que só Comércio e Indústria eram possíveis, e em quais cidades:

# %%
start = tour.game_at(1)
for ptype in "HCIP":
    cities = [a.args[1] for a in start.legal_actions() if a.verb == "co" and a.args[0] == ptype]
    count = tr.ngettext("{n} city", "{n} cities", len(cities)).format(n=len(cities)) if cities else "nenhuma cidade"
    print(f"{tr.gettext(C.tabs[ptype].name)}: {count}", ", ".join(cities[:5]) + (" ..." if len(cities) > 5 else ""))

# %% [markdown]
# ## Exercícios

# %%
Exercise("Depois das construções, quantos espaços de construção **livres** restam em Chicago?",
         lambda g: len(g.free_sites("chicago")), tour.game_at(7), pinned=3,
         mistakes={5: "Esse é o total de espaços de Chicago: alguns já estão ocupados.",
                   4: "A casa de Ada já estava em Chicago antes do projeto de Indústria: cada um ocupa um "
                      "espaço."},
         hint="Chicago é uma cidade grande: cinco espaços. Conte os círculos brancos.",
         expect=Numbers({5: lambda g: len(C.cities["chicago"].sites)}),
         code='len(game.free_sites("chicago"))', lang=LANG)

# %%
Exercise("Para qual região vai o Empregado se você construir um projeto em Denver?",
         lambda g: C.cities["denver"].region, game, pinned="west",
         options=[("Oeste", "west"), ("Centro-Oeste", "midwest"), ("Sul", "south"), ("Leste", "east")],
         mistakes={"midwest": "Olhe a cor da região em volta de Denver no mapa.", "south": "", "east": ""},
         explanation="A Missão sempre vai para a região da cidade onde você constrói.",
         code='C.cities["denver"].region', lang=LANG)

# %% [markdown]
# ← [4 · Gerência e novos Departamentos](04-management-and-departments.ipynb) · [Índice](00-contents.ipynb) ·
# [6 · P&D, Tabelas de Projetos e trilhas de transporte](06-research-tabs-and-tracks.ipynb) →
