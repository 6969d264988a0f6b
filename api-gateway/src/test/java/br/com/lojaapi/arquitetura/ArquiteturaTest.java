package br.com.lojaapi.arquitetura;

import br.com.lojaapi.command.entrega.RecursosComoGet;
import br.com.lojaapi.command.webhook.WebhookLookup;
import br.com.lojaapi.query.processamento.EstadoDoProcessador;
import br.com.lojaapi.query.processamento.NoEmExecucao;
import br.com.lojaapi.query.processamento.PainelDosProcessadores;
import br.com.lojaapi.query.processamento.SegmentoDoProcessador;
import br.com.lojaapi.query.processamento.reconstrucao.Reconstrucao;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventBus;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.Repository;
import org.axonframework.modelling.saga.SagaEventHandler;
import org.axonframework.queryhandling.QueryBus;
import org.axonframework.queryhandling.QueryGateway;
import org.axonframework.queryhandling.QueryHandler;
import org.axonframework.spring.stereotype.Aggregate;
import org.axonframework.spring.stereotype.Saga;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.RestController;

import javax.sql.DataSource;
import java.util.List;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaModifier.PUBLIC;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;

/**
 * Layering of the modules: the two sides never know each other; the message API knows no one; the web layer reaches
 * the sides through their gateways; aggregates and projections are the sides' own business.
 */
class ArquiteturaTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // a module's test jar (query-side's test support, on this classpath as a jar in `mvn verify` and as
            // target/test-classes in `mvn test`) is test code too
            .withImportOption(local -> !local.contains("-tests.jar"))
            .importPackages("br.com.lojaapi");

    private static final String CONTROLADOR_DE_WEBHOOKS = "br.com.lojaapi.gateway.webhook.WebhookController";

    private static final List<Class<? extends java.lang.annotation.Annotation>> MANIPULADORES = List.of(
            CommandHandler.class, EventHandler.class, EventSourcingHandler.class, QueryHandler.class,
            SagaEventHandler.class);

    /** What a side keeps to itself: aggregates, sagas, projections and lookup tables, any message handler. */
    private static final DescribedPredicate<JavaClass> INTERIOR_DE_UM_LADO = new DescribedPredicate<>(
            "are an aggregate, saga, projection, lookup table or message handler of a side") {
        @Override
        public boolean test(JavaClass classe) {
            if (!classe.getPackageName().startsWith("br.com.lojaapi.command")
                    && !classe.getPackageName().startsWith("br.com.lojaapi.query")) {
                return false;
            }
            return classe.isAnnotatedWith(Aggregate.class) || classe.isAnnotatedWith(Saga.class)
                    || classe.isAnnotatedWith(ProcessingGroup.class)
                    || classe.getMethods().stream().anyMatch(ArquiteturaTest::manipulaMensagens);
        }
    };

    private static boolean manipulaMensagens(JavaMethod metodo) {
        return MANIPULADORES.stream().anyMatch(metodo::isAnnotatedWith);
    }

    @Test
    void ladoDeComandoNaoDependeDoLadoDeConsulta() {
        noClasses().that().resideInAPackage("br.com.lojaapi.command..")
                   .should().dependOnClassesThat().resideInAnyPackage("br.com.lojaapi.query..", "br.com.lojaapi.gateway..")
                   .check(CLASSES);
    }

    @Test
    void ladoDeConsultaNaoDependeDoLadoDeComando() {
        noClasses().that().resideInAPackage("br.com.lojaapi.query..")
                   .should().dependOnClassesThat().resideInAnyPackage("br.com.lojaapi.command..", "br.com.lojaapi.gateway..")
                   .check(CLASSES);
    }

    @Test
    void apiDeMensagensNaoDependeDeNadaNossoNemDeSpring() {
        noClasses().that().resideInAPackage("br.com.lojaapi.coreapi..")
                   .should().dependOnClassesThat().resideInAnyPackage("br.com.lojaapi.command..", "br.com.lojaapi.query..",
                           "br.com.lojaapi.gateway..", "org.springframework..", "jakarta.persistence..")
                   .check(CLASSES);
    }

    @Test
    void entidadesDeLeituraNaoSaemDoLadoDeConsulta() {
        noClasses().that().resideOutsideOfPackage("br.com.lojaapi.query..")
                   .should().dependOnClassesThat().areAnnotatedWith(jakarta.persistence.Entity.class)
                   .check(CLASSES);
    }

    /**
     * A controller reaches the sides only through CommandGateway and QueryGateway and the sides' own gateway classes
     * ({@code Comandos}, the command side's application services such as {@code CancelamentoDePedido}), plus plain
     * helpers with no handler in them (the label renderers, the address policy). Never an aggregate, saga,
     * projection, lookup table or handler, nor the buses, the event store, a repository or the database.
     * <p>
     * Known exception, left for its own change: {@code WebhookController} counts a store's active webhooks in the
     * command side's lookup table ({@code WebhookLookup.ativos}) to enforce the per-store limit before sending
     * {@code CriarWebhookCommand}; the check belongs in the command side.
     */
    @Test
    void controladoresChegamAosLadosSoPelosGateways() {
        noClasses().that().areAnnotatedWith(RestController.class).and().doNotHaveFullyQualifiedName(CONTROLADOR_DE_WEBHOOKS)
                   .should().dependOnClassesThat(INTERIOR_DE_UM_LADO)
                   .orShould().dependOnClassesThat().areAssignableTo(CommandBus.class)
                   .orShould().dependOnClassesThat().areAssignableTo(QueryBus.class)
                   .orShould().dependOnClassesThat().areAssignableTo(EventBus.class)
                   .orShould().dependOnClassesThat().areAssignableTo(Repository.class)
                   .orShould().dependOnClassesThat().areAssignableTo(JdbcTemplate.class)
                   .orShould().dependOnClassesThat().areAssignableTo(DataSource.class)
                   .orShould().dependOnClassesThat().areAssignableTo(jakarta.persistence.EntityManager.class)
                   .check(CLASSES);
        noClasses().that().haveFullyQualifiedName(CONTROLADOR_DE_WEBHOOKS)
                   .should().dependOnClassesThat(INTERIOR_DE_UM_LADO.and(DescribedPredicate.not(
                           JavaClass.Predicates.equivalentTo(WebhookLookup.class))))
                   .orShould().dependOnClassesThat().areAssignableTo(JdbcTemplate.class)
                   .check(CLASSES);
    }

    @Test
    void agregadosEProjecoesNaoSaoPublicos() {
        classes().that().areAnnotatedWith(Aggregate.class)
                 .should().notHaveModifier(PUBLIC)
                 .check(CLASSES);
        classes().that().resideInAPackage("br.com.lojaapi.query..").and().areAnnotatedWith(ProcessingGroup.class)
                 .should().notHaveModifier(PUBLIC)
                 .check(CLASSES);
    }

    /** An aggregate decides from its state and the command alone: no framework of the web, no HTTP client. */
    @Test
    void agregadosNaoConhecemSpringNemHttp() {
        noClasses().that().areAnnotatedWith(Aggregate.class)
                   .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "jakarta.servlet..",
                           "okhttp3..", "java.net.http..", "org.apache.http..", "org.apache.hc..")
                   .check(CLASSES);
    }

    /** Labels are plain data in, bytes out: the order's views, iText and ZXing, nothing web nor of the framework. */
    @Test
    void desenhoDeRotulosNaoDependeDeNadaWeb() {
        classes().that().resideInAPackage("br.com.lojaapi.query.rotulo..")
                 .should().onlyDependOnClassesThat().resideInAnyPackage("br.com.lojaapi.query.rotulo..",
                         "br.com.lojaapi.coreapi..", "java..", "com.itextpdf..", "com.google.zxing..")
                 .check(CLASSES);
    }

    /**
     * Of Axon, a controller knows the command and query gateways (and the response types its queries name): never a
     * bus, a processor, the event or token store. Everything beyond sending a message goes through a side's port.
     */
    @Test
    void controladoresUsamDoAxonSoOsGateways() {
        noClasses().that().areAnnotatedWith(RestController.class)
                   .should().dependOnClassesThat(resideInAPackage("org.axonframework..")
                           .and(not(equivalentTo(CommandGateway.class)))
                           .and(not(equivalentTo(QueryGateway.class)))
                           .and(not(resideInAPackage("org.axonframework.messaging.responsetypes.."))))
                   .check(CLASSES);
    }

    /**
     * The event processors (where each stands, the nodes sharing them, the rebuild of a read model) are the query
     * side's; a controller sees them only through {@link PainelDosProcessadores} and the records it answers.
     */
    @Test
    void controladoresChegamAosProcessadoresSoPeloPainel() {
        noClasses().that().areAnnotatedWith(RestController.class)
                   .should().dependOnClassesThat(resideInAPackage("br.com.lojaapi.query.processamento..")
                           .and(not(equivalentTo(PainelDosProcessadores.class)))
                           .and(not(equivalentTo(EstadoDoProcessador.class)))
                           .and(not(equivalentTo(SegmentoDoProcessador.class)))
                           .and(not(equivalentTo(NoEmExecucao.class)))
                           .and(not(equivalentTo(Reconstrucao.class))))
                   .check(CLASSES);
    }

    /**
     * api-gateway is the web layer and the application's assembly: it handles no message. Aggregates, sagas,
     * projections, lookup tables, the webhook dispatcher and every other command, event, query or saga handler, and
     * every processing group, live on a side ({@code command.entrega} renders and starts webhook deliveries;
     * {@code query.evento} writes the event feed).
     */
    @Test
    void gatewayNaoTrataMensagens() {
        noClasses().that().resideInAPackage("br.com.lojaapi.gateway..")
                   .should().beAnnotatedWith(ProcessingGroup.class)
                   .orShould().beAnnotatedWith(Aggregate.class)
                   .orShould().beAnnotatedWith(Saga.class)
                   .check(CLASSES);
        noMethods().that().areDeclaredInClassesThat().resideInAPackage("br.com.lojaapi.gateway..")
                   .should().beAnnotatedWith(CommandHandler.class)
                   .orShould().beAnnotatedWith(EventHandler.class)
                   .orShould().beAnnotatedWith(EventSourcingHandler.class)
                   .orShould().beAnnotatedWith(QueryHandler.class)
                   .orShould().beAnnotatedWith(SagaEventHandler.class)
                   .check(CLASSES);
    }

    /**
     * The webhooks' bodies show resources as their GET does, and those representations are the web layer's: the
     * command side names them only through its port ({@code RecursosComoGet} and its marker interfaces), and what
     * implements the port or shows a resource lives in api-gateway.
     */
    @Test
    void representacoesDosWebhooksSaoDaCamadaWeb() {
        String porta = RecursosComoGet.class.getName();
        classes().that().areNotInterfaces().and(DescribedPredicate.describe("implement RecursosComoGet or a representation",
                         (JavaClass c) -> c.getAllRawInterfaces().stream().anyMatch(
                                 i -> i.getName().equals(porta) || i.getName().startsWith(porta + "$"))))
                 .should().resideInAPackage("br.com.lojaapi.gateway..")
                 .check(CLASSES);
    }

    /**
     * HTTP is the web layer's: the sides (the rebuild, the sync horizon, image downloads and stored files included)
     * know no servlet, no Spring MVC or HTTP type and no OpenAPI annotation, and nothing of {@code gateway}
     * ({@link #ladoDeComandoNaoDependeDoLadoDeConsulta}, {@link #ladoDeConsultaNaoDependeDoLadoDeComando}). Today the
     * sides' own dependencies leave those libraries out; this keeps it so if one is ever added to a side's pom.
     */
    @Test
    void ladosNaoConhecemHttp() {
        noClasses().that().resideInAnyPackage("br.com.lojaapi.command..", "br.com.lojaapi.query..")
                   .should().dependOnClassesThat(resideInAnyPackage("org.springframework.web..",
                           "org.springframework.http..", "jakarta.servlet..", "io.swagger..", "org.springdoc.."))
                   .check(CLASSES);
    }

    /**
     * An aggregate is made by its no-argument constructor, not as a Spring bean
     * ({@link br.com.lojaapi.command.armazenamento.FabricasDeAgregados}): nothing would be injected into it. A handler
     * that needs a service takes it as a parameter.
     */
    @Test
    void agregadosNaoRecebemNadaPorInjecao() {
        noClasses().that().areAnnotatedWith(Aggregate.class)
                   .should().dependOnClassesThat(resideInAnyPackage("org.springframework.beans.factory..",
                           "org.springframework.context..", "jakarta.inject.."))
                   .orShould().dependOnClassesThat().haveFullyQualifiedName("jakarta.annotation.Resource")
                   .orShould().dependOnClassesThat().haveFullyQualifiedName("jakarta.annotation.PostConstruct")
                   .check(CLASSES);
    }
}
